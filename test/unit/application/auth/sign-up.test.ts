import { Authenticate } from '../../../../application/auth/authenticate.use-case';
import { SignUp } from '../../../../application/auth/sign-up.use-case';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { aSignUp, InMemoryUseCases, signUp, useCases } from '../../../support/in-memory';

describe('SignUp', () => {
  let app: InMemoryUseCases;

  beforeEach(async () => {
    app = await useCases();
  });

  it('creates the person, who is the owner of a new organisation', async () => {
    const { profile, organisation } = await signUp(app, { organisationName: 'Analytical Engines Ltd' });

    expect(profile.person).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', isActive: true });
    expect(profile.isOwner).toBe(true);
    expect(profile.organisation).toEqual({
      uniqueId: organisation.organisation.uniqueId,
      name: 'Analytical Engines Ltd',
      role: 'owner',
    });
    expect(organisation.organisation.ownerId).toBe(profile.person.id);
    expect(organisation.owner).toEqual({ uniqueId: profile.person.uniqueId, fullName: 'Ada Lovelace' });
    expect(organisation.memberCount).toBe(1);
  });

  it('stamps the person and the organisation with the clock, last_login included', async () => {
    const { profile, organisation } = await signUp(app);
    const now = app.clock.now();

    expect(profile.person.dateCreated).toEqual(now);
    expect(profile.person.lastLogin).toEqual(now);
    expect(organisation.organisation.dateCreated).toEqual(now);
    expect(organisation.financialYearLabel).toBe('FY2026');
  });

  it('takes its identifiers from the id generator', async () => {
    const { profile } = await signUp(app);
    expect(profile.person.id).toMatch(/^id-\d{6}$/);
    expect(profile.person.uniqueId).toBe(profile.person.id);
  });

  it('starts a session for the new person', async () => {
    const { profile, session } = await signUp(app);

    expect(session.expiresAt).toEqual(new Date(app.clock.now().getTime() + 14 * 24 * 3600 * 1000));
    await expect(app.get(Authenticate).withSession(session.token)).resolves.toEqual({
      personId: profile.person.id,
      csrfToken: session.csrfToken,
    });
  });

  it('lets the new person log in with Basic credentials', async () => {
    const { actor } = await signUp(app, { email: 'ada@example.com', password: 'a much better password' });
    await expect(
      app.get(Authenticate).withPassword({ email: 'ada@example.com', password: 'a much better password', clientAddress: '::1' }),
    ).resolves.toEqual(actor);
  });

  it('refuses an e-mail that is taken, whatever its case', async () => {
    await signUp(app, { email: 'ada@example.com' });

    const duplicate = app.get(SignUp).execute(aSignUp({ email: '  ADA@Example.COM ', organisationName: 'Second' }));

    await expect(duplicate).rejects.toBeInstanceOf(ValidationFailed);
    await expect(duplicate).rejects.toMatchObject({ errors: { email: ['A user with that email already exists.'] } });
  });

  it('refuses an e-mail that is taken under Unicode compatibility folding, and logs in by either spelling', async () => {
    const { actor } = await signUp(app, { email: 'kate@example.com', password: 'a much better password' });

    const lookalike = app.get(SignUp).execute(aSignUp({ email: 'ｋａｔｅ@example.com', organisationName: 'Second' }));

    await expect(lookalike).rejects.toMatchObject({ errors: { email: ['A user with that email already exists.'] } });
    await expect(
      app.get(Authenticate).withPassword({ email: '\u212Aate@example.com', password: 'a much better password', clientAddress: '::1' }),
    ).resolves.toEqual(actor);
  });

  it('refuses a taken e-mail before paying for the password hash', async () => {
    await signUp(app, { email: 'ada@example.com' });
    const hashes = app.hasher.hashes;
    await expect(app.get(SignUp).execute(aSignUp({ email: 'ADA@example.com' }))).rejects.toBeInstanceOf(ValidationFailed);
    expect(app.hasher.hashes).toBe(hashes);
  });

  it('creates nothing for a refused e-mail', async () => {
    const first = await signUp(app, { email: 'ada@example.com' });
    await expect(app.get(SignUp).execute(aSignUp({ email: 'ADA@example.com' }))).rejects.toBeInstanceOf(ValidationFailed);

    expect(await app.organisations.listForPerson(first.actor.personId)).toHaveLength(1);
    expect((await app.people.findByEmail('ada@example.com'))?.id).toBe(first.actor.personId);
  });

  it.each([
    ['too short', 'abc123', ['This password is too short. It must contain at least 8 characters.']],
    ['entirely numeric', '1234567890', ['This password is entirely numeric.']],
    ['short and numeric', '1234', ['This password is too short. It must contain at least 8 characters.', 'This password is entirely numeric.']],
    ['too long', 'x'.repeat(129), ['Ensure this field has no more than 128 characters.']],
  ])('refuses a password that is %s, creating nothing', async (_, password, problems) => {
    const attempt = app.get(SignUp).execute(aSignUp({ email: 'weak@example.com', password }));

    await expect(attempt).rejects.toBeInstanceOf(ValidationFailed);
    await expect(attempt).rejects.toMatchObject({ errors: { password: problems } });
    expect(await app.people.findByEmail('weak@example.com')).toBeNull();
    expect(app.hasher.hashes).toBe(0);
  });

  it('gives every sign-up its own organisation', async () => {
    const ada = await signUp(app, { email: 'ada@example.com', organisationName: 'Engines' });
    const grace = await signUp(app, { email: 'grace@example.com', firstName: 'Grace', organisationName: 'Compilers' });

    expect(ada.organisation.organisation.uniqueId).not.toBe(grace.organisation.organisation.uniqueId);
    expect((await app.organisations.listForPerson(grace.actor.personId)).map((o) => o.name)).toEqual(['Compilers']);
  });
});
