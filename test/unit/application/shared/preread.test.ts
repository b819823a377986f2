import { AUTH_TOKENS, CredentialRepository } from '../../../../application/auth/auth.ports';
import { Authenticate } from '../../../../application/auth/authenticate.use-case';
import { OrganisationAccess } from '../../../../application/organisation/organisation-access';
import { GetProfile } from '../../../../application/person/get-profile.use-case';
import { PERSON_TOKENS, ProfileReader } from '../../../../application/person/person.ports';
import { Actor } from '../../../../application/shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../../../../application/shared/ports';
import { AuthenticationFailed } from '../../../../application/shared/errors';
import { NotFound, PermissionDenied } from '../../../../domain/shared/errors';
import { A_CLIENT_ADDRESS, aRegisteredPerson, CHEAP_HASHER, InMemoryUseCases, join, signUp, SignedUpUser, useCases } from '../../../support/in-memory';

/**
 * What a request reads first, read with its credentials (the databases do it
 * in one statement; here it is handed to the use cases as they would get it).
 */
describe('reads taken with the credentials', () => {
  let app: InMemoryUseCases;
  let ada: SignedUpUser;
  let orgUniqueId: string;

  beforeEach(async () => {
    app = await useCases({ env: { BASIC_AUTH_CACHE_SECONDS: '60' } });
    ada = await signUp(app, { email: 'ada@example.com' });
    orgUniqueId = ada.organisation.organisation.uniqueId;
  });

  const prereadOf = async (personId: string, uniqueId = orgUniqueId): Promise<Actor> => ({
    personId,
    preread: { organisation: { uniqueId, found: await app.organisations.findForMember(uniqueId, personId) } },
  });

  it('authorises with the organisation read along, once: a second authorisation in the request reads it again', async () => {
    const actor = await prereadOf(ada.actor.personId);
    const reads = jest.spyOn(app.organisations, 'findForMember');

    const granted = await app.get(OrganisationAccess).authorise(actor, orgUniqueId, 'expenses.view_receipt');
    expect([granted.organisation.uniqueId, granted.membership.role]).toEqual([orgUniqueId, 'owner']);
    expect(reads).not.toHaveBeenCalled();

    await app.get(OrganisationAccess).authorise(actor, orgUniqueId, 'expenses.view_receipt');
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('reads the organisation afresh inside a transaction: what a transaction reads is its own', async () => {
    const actor = await prereadOf(ada.actor.personId);
    const reads = jest.spyOn(app.organisations, 'findForMember');

    await app.get<UnitOfWork>(SHARED_TOKENS.UnitOfWork).transaction(() => app.get(OrganisationAccess).authorise(actor, orgUniqueId, 'expenses.view_receipt'));
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('reads the organisation itself when the one read along is another', async () => {
    const other = await signUp(app, { email: 'grace@example.com' });
    await join(app, ada.actor.personId, other.organisation.organisation.uniqueId, 'member');
    const actor = await prereadOf(ada.actor.personId);
    const reads = jest.spyOn(app.organisations, 'findForMember');

    const granted = await app.get(OrganisationAccess).authorise(actor, other.organisation.organisation.uniqueId, 'expenses.view_receipt');
    expect([granted.organisation.uniqueId, granted.membership.role]).toEqual([other.organisation.organisation.uniqueId, 'member']);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('refuses as it would after reading: 404 to a stranger and for no such organisation, 403 to a role that is not enough', async () => {
    const stranger = await aRegisteredPerson(app);
    await expect(app.get(OrganisationAccess).authorise(await prereadOf(stranger.id), orgUniqueId, 'expenses.view_receipt')).rejects.toBeInstanceOf(NotFound);
    await expect(app.get(OrganisationAccess).authorise(await prereadOf(ada.actor.personId, 'no-such'), 'no-such', 'expenses.view_receipt')).rejects.toBeInstanceOf(NotFound);
    const member = await signUp(app, { email: 'member@example.com' });
    await join(app, member.actor.personId, orgUniqueId, 'member');
    await expect(app.get(OrganisationAccess).authorise(await prereadOf(member.actor.personId), orgUniqueId, 'organisation.update')).rejects.toBeInstanceOf(PermissionDenied);
  });

  it('answers the profile read along without reading it again', async () => {
    const profiles = app.get<ProfileReader>(PERSON_TOKENS.ProfileReader);
    const actor: Actor = { personId: ada.actor.personId, preread: { profile: await profiles.read(ada.actor.personId) } };
    const reads = jest.spyOn(profiles, 'read');

    const profile = await app.get(GetProfile).execute(actor);
    expect([profile.person.email, profile.organisation?.uniqueId]).toEqual(['ada@example.com', orgUniqueId]);
    expect(reads).not.toHaveBeenCalled();
    await expect(app.get(GetProfile).execute({ personId: 'nobody', preread: { profile: null } })).rejects.toBeInstanceOf(NotFound);
  });

  it('reads the profile afresh inside a transaction', async () => {
    const profiles = app.get<ProfileReader>(PERSON_TOKENS.ProfileReader);
    const actor: Actor = { personId: ada.actor.personId, preread: { profile: await profiles.read(ada.actor.personId) } };
    const reads = jest.spyOn(profiles, 'read');

    await app.get<UnitOfWork>(SHARED_TOKENS.UnitOfWork).transaction(() => app.get(GetProfile).execute(actor));
    expect(reads).toHaveBeenCalledTimes(1);
  });

  describe('with HTTP Basic', () => {
    const basic = (password: string) =>
      app.get(Authenticate).withPassword({ email: 'ada@example.com', password, clientAddress: A_CLIENT_ADDRESS }, { organisation: orgUniqueId });

    it("hands the actor what the stored hash's check read along", async () => {
      await basic(ada.password); // verified, then remembered
      const credentials = app.get<CredentialRepository>(AUTH_TOKENS.CredentialRepository);
      const found = await app.organisations.findForMember(orgUniqueId, ada.actor.personId);
      const check = jest.spyOn(credentials, 'findPasswordHashWith');
      check.mockImplementation(async (personId) => ({
        passwordHash: await credentials.findPasswordHash(personId),
        prereads: { organisation: { uniqueId: orgUniqueId, found } },
      }));

      const actor = await basic(ada.password);
      expect(check).toHaveBeenCalledWith(ada.actor.personId, { organisation: orgUniqueId });
      expect(actor).toEqual({ personId: ada.actor.personId, preread: { organisation: { uniqueId: orgUniqueId, found } } });
    });

    it('still refuses a remembered credential whose stored password changed, whatever was read along', async () => {
      await basic(ada.password);
      const credentials = app.get<CredentialRepository>(AUTH_TOKENS.CredentialRepository);
      const found = await app.organisations.findForMember(orgUniqueId, ada.actor.personId);
      jest.spyOn(credentials, 'findPasswordHashWith').mockImplementation(async (personId) => ({
        passwordHash: await credentials.findPasswordHash(personId),
        prereads: { organisation: { uniqueId: orgUniqueId, found } },
      }));
      // Another instance changed it: nothing told this one's cache.
      await credentials.setPasswordHash(ada.actor.personId, await CHEAP_HASHER.hash('an even better passphrase'), app.clock.now());

      await expect(basic(ada.password)).rejects.toBeInstanceOf(AuthenticationFailed);
    });
  });
});
