import { CreateOrganisation } from '../../../../application/organisation/create-organisation.use-case';
import { GetProfile } from '../../../../application/person/get-profile.use-case';
import { ProfileViews } from '../../../../application/person/profile-views';
import { UpdateProfile } from '../../../../application/person/update-profile.use-case';
import { ProfileChanges } from '../../../../domain/person/person';
import { accountNumberLast4 } from '../../../../domain/shared/banking-information';
import { NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import { aRegisteredPerson, InMemoryUseCases, join, signUp, SignedUpUser, useCases } from '../../../support/in-memory';

describe('GetProfile', () => {
  let app: InMemoryUseCases;

  beforeEach(async () => {
    app = await useCases();
  });

  it("answers the caller's profile with their role in their organisation", async () => {
    const ada = await signUp(app);
    const profile = await app.get(GetProfile).execute(ada.actor);

    expect(profile.person.email).toBe('ada@example.com');
    expect(profile.isOwner).toBe(true);
    expect(profile.organisation).toEqual({ uniqueId: ada.organisation.organisation.uniqueId, name: 'Analytical Engines Ltd', role: 'owner' });
  });

  it('is not found for a person who does not exist', async () => {
    await expect(app.get(GetProfile).execute({ personId: 'nobody' })).rejects.toBeInstanceOf(NotFound);
  });

  it('has no organisation for a person who belongs to none', async () => {
    const loner = await aRegisteredPerson(app);
    await expect(app.get(GetProfile).execute({ personId: loner.id })).resolves.toMatchObject({ isOwner: false, organisation: null });
  });
});

describe('the current organisation of a profile', () => {
  let app: InMemoryUseCases;
  let owner: SignedUpUser;

  beforeEach(async () => {
    app = await useCases();
    owner = await signUp(app, { email: 'owner@example.com', organisationName: 'First Joined' });
  });

  it('is the first organisation joined, even when the person owns a later one', async () => {
    const grace = await aRegisteredPerson(app);
    app.clock.advance({ minutes: 1 });
    await join(app, grace.id, owner.organisation.organisation.uniqueId);
    app.clock.advance({ minutes: 1 });
    await app.get(CreateOrganisation).execute({ personId: grace.id }, { name: 'Founded Later' });

    const profile = await app.get(GetProfile).execute({ personId: grace.id });
    expect(profile.organisation).toMatchObject({ name: 'First Joined', role: 'member' });
    expect(profile.isOwner).toBe(false);
  });

  it('stays the organisation signed up with after joining another', async () => {
    const grace = await signUp(app, { email: 'grace@example.com', organisationName: 'Signed Up With' });
    app.clock.advance({ minutes: 1 });
    await join(app, grace.actor.personId, owner.organisation.organisation.uniqueId);

    const profile = await app.get(GetProfile).execute(grace.actor);
    expect(profile.organisation).toMatchObject({ name: 'Signed Up With', role: 'owner' });
    expect(profile.isOwner).toBe(true);
  });

  it('moves to the next one when the person leaves the first', async () => {
    const grace = await aRegisteredPerson(app);
    await join(app, grace.id, owner.organisation.organisation.uniqueId);
    app.clock.advance({ minutes: 1 });
    const later = await app.get(CreateOrganisation).execute({ personId: grace.id }, { name: 'Founded Later' });

    await app.memberships.remove(owner.organisation.organisation.id, grace.id);

    const profile = await app.get(GetProfile).execute({ personId: grace.id });
    expect(profile.organisation).toEqual({ uniqueId: later.organisation.uniqueId, name: 'Founded Later', role: 'owner' });
    expect(profile.isOwner).toBe(true);
  });
});

describe('UpdateProfile', () => {
  let app: InMemoryUseCases;
  let ada: SignedUpUser;
  const update = (changes: ProfileChanges) => app.get(UpdateProfile).execute(ada.actor, changes);

  beforeEach(async () => {
    app = await useCases();
    ada = await signUp(app);
    app.clock.advance({ hours: 1 });
  });

  it('saves the changes and stamps last_updated', async () => {
    const view = await update({ jobTitle: 'Analyst', currentLanguage: 'sw', userType: 'employee' });

    expect(view.person).toMatchObject({ jobTitle: 'Analyst', currentLanguage: 'sw', userType: 'employee', lastUpdated: app.clock.now() });
    const stored = await app.get(GetProfile).execute(ada.actor);
    expect(stored.person).toMatchObject({ jobTitle: 'Analyst', currentLanguage: 'sw', userType: 'employee' });
    expect(stored.person.dateCreated).not.toEqual(app.clock.now());
  });

  it('merges the address field by field and clears it with null', async () => {
    await update({ address: { addressLine1: '1 Moi Avenue', city: 'Nairobi' } });
    await update({ address: { city: 'Mombasa' } });
    expect((await app.get(GetProfile).execute(ada.actor)).person.address).toEqual({
      addressLine1: '1 Moi Avenue',
      city: 'Mombasa',
      provinceState: null,
      postalCode: null,
    });

    await update({ address: null });
    expect((await app.get(GetProfile).execute(ada.actor)).person.address).toBeNull();
  });

  it('keeps bank details across updates, showing only the last four digits of the account', async () => {
    await update({ bankingInformation: { bankName: 'Equity', accountNumber: '0123456789' } });
    await update({ bankingInformation: { swiftCode: 'EQBLKENA' } });

    const banking = (await app.get(GetProfile).execute(ada.actor)).person.bankingInformation!;
    expect(banking).toMatchObject({ bankName: 'Equity', swiftCode: 'EQBLKENA' });
    expect(accountNumberLast4(banking)).toBe('6789');
  });

  it('refuses a different unique_id and saves nothing of that request', async () => {
    const attempt = update({ uniqueId: 'someone-else', jobTitle: 'CEO' });

    await expect(attempt).rejects.toBeInstanceOf(ValidationFailed);
    await expect(attempt).rejects.toMatchObject({ errors: { unique_id: ['This field cannot be changed.'] } });
    expect((await app.get(GetProfile).execute(ada.actor)).person.jobTitle).toBeNull();
  });

  it('accepts the unchanged unique_id', async () => {
    await expect(update({ uniqueId: ada.profile.person.uniqueId, jobTitle: 'CEO' })).resolves.toMatchObject({
      person: { jobTitle: 'CEO' },
    });
  });

  it('is not found for a person who does not exist', async () => {
    await expect(app.get(UpdateProfile).execute({ personId: 'nobody' }, { jobTitle: 'x' })).rejects.toBeInstanceOf(NotFound);
  });

  it('cannot make a member an owner: is_owner is not a profile change', async () => {
    const grace = await aRegisteredPerson(app);
    await join(app, grace.id, ada.organisation.organisation.uniqueId);
    const claim = { isOwner: true, jobTitle: 'Self-appointed owner' } as unknown as ProfileChanges;

    const view = await app.get(UpdateProfile).execute({ personId: grace.id }, claim);

    expect(view.isOwner).toBe(false);
    expect(view.organisation?.role).toBe('member');
    const person = await app.people.findById(grace.id);
    await expect(app.get(ProfileViews).of(person!)).resolves.toMatchObject({ isOwner: false, organisation: { role: 'member' } });
    expect((await app.memberships.find(ada.organisation.organisation.id, grace.id))?.role).toBe('member');
    expect((await app.organisations.findById(ada.organisation.organisation.id))?.ownerId).toBe(ada.actor.personId);
  });
});
