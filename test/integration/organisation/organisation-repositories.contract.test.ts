import { randomBytes } from 'node:crypto';
import { InMemoryCredentialRepository, InMemorySessionStore } from '../../../adapters/persistence/in-memory/in-memory-auth';
import { InMemoryMembershipRepository, InMemoryOrganisationRepository } from '../../../adapters/persistence/in-memory/in-memory-organisation.repository';
import { InMemoryInvitationRepository } from '../../../adapters/persistence/in-memory/in-memory-invitation.repository';
import { InMemoryPersonRepository, InMemoryProfileReader } from '../../../adapters/persistence/in-memory/in-memory-person.repository';
import { TypeOrmCredentialRepository } from '../../../adapters/persistence/typeorm/auth/typeorm-credential.repository';
import { TypeOrmSessionStore } from '../../../adapters/persistence/typeorm/auth/typeorm-session.store';
import { TypeOrmMembershipRepository, TypeOrmOrganisationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmInvitationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-invitation.repository';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { TypeOrmProfileReader } from '../../../adapters/persistence/typeorm/person/typeorm-profile.reader';
import { TypeOrmWebhookEndpointRepository } from '../../../adapters/persistence/typeorm/webhook/typeorm-webhook-endpoint.repository';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { UuidV7Generator } from '../../../adapters/system/uuid-v7-generator';
import { CredentialRepository, SessionStore } from '../../../application/auth/auth.ports';
import { InvitationRepository, MembershipRepository, OrganisationRepository } from '../../../application/organisation/organisation.ports';
import { PersonRepository, ProfileReader, profileOrganisation } from '../../../application/person/person.ports';
import { WebhookEndpointRepository } from '../../../application/webhook/webhook.ports';
import { Invitation } from '../../../domain/organisation/invitation';
import { Organisation } from '../../../domain/organisation/organisation';
import { Person } from '../../../domain/person/person';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { Picture } from '../../../domain/shared/picture';
import { WebhookEndpoint } from '../../../domain/webhook/webhook-endpoint';
import { storageTargets } from '../../support/storage';

const ids = new UuidV7Generator();
const box = new AesGcmSecretBox(randomBytes(32));
const at = (iso: string) => new Date(iso);

function aPerson(overrides: Partial<{ email: string; uniqueId: string }> = {}): Person {
  const id = ids.next();
  return Person.register({ id, uniqueId: overrides.uniqueId ?? id, email: overrides.email ?? `${id}@example.com`, firstName: 'Kofi', lastName: 'Annan', now: at('2026-01-01T00:00:00Z') });
}

describe.each(storageTargets())('foundation repositories on $name', (target) => {
  let people: PersonRepository;
  let organisations: OrganisationRepository;
  let memberships: MembershipRepository;
  let credentials: CredentialRepository;
  let sessions: SessionStore;
  let invitations: InvitationRepository;
  let profiles: ProfileReader;
  /** The databases' endpoints, to see the organisation's read tell of them; none in memory. */
  let endpoints: WebhookEndpointRepository | undefined;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const opened = await target.open();
    close = opened.close;
    if (opened.database) {
      people = new TypeOrmPersonRepository(opened.database, box);
      organisations = new TypeOrmOrganisationRepository(opened.database, box);
      memberships = new TypeOrmMembershipRepository(opened.database);
      credentials = new TypeOrmCredentialRepository(opened.database, box);
      sessions = new TypeOrmSessionStore(opened.database, 3600, box);
      invitations = new TypeOrmInvitationRepository(opened.database);
      profiles = new TypeOrmProfileReader(opened.database, box);
      endpoints = new TypeOrmWebhookEndpointRepository(opened.database, box);
    } else {
      const inMemoryMemberships = new InMemoryMembershipRepository();
      memberships = inMemoryMemberships;
      people = new InMemoryPersonRepository(inMemoryMemberships);
      organisations = new InMemoryOrganisationRepository(inMemoryMemberships, people);
      credentials = new InMemoryCredentialRepository();
      sessions = new InMemorySessionStore(3600);
      invitations = new InMemoryInvitationRepository();
      profiles = new InMemoryProfileReader(people, organisations);
    }
  });

  afterAll(() => close());

  it('round-trips a person with nested details, finding them by e-mail in any case', async () => {
    const person = aPerson({ email: 'Mixed.Case@Example.com' });
    person.updateProfile(
      {
        jobTitle: 'Secretary-General',
        address: { city: 'Accra' },
        bankingInformation: { accountNumber: '9876543210', accountType: 'business' },
        employeeInformation: { birthday: CalendarDate.of('1938-04-08'), allergies: 'none', isActiveEmployee: false },
      },
      at('2026-02-01T10:00:00.123Z'),
    );
    await people.save(person);
    const found = await people.findByEmail('mixed.case@example.COM');
    expect(found?.snapshot()).toEqual(person.snapshot());
  });

  it('refuses a second person with the same e-mail', async () => {
    await people.save(aPerson({ email: 'taken@example.com' }));
    await expect(people.save(aPerson({ email: 'TAKEN@example.com' }))).rejects.toMatchObject({
      errors: { email: ['A user with that email already exists.'] },
    });
  });

  it('takes an address in full-width or other compatibility characters for the plain one', async () => {
    const kate = aPerson({ email: 'kate@example.com' });
    await people.save(kate);
    expect((await people.findByEmail('ｋａｔｅ@example.com'))?.id).toBe(kate.id);
    await expect(people.save(aPerson({ email: '\u212Aate@example.com' }))).rejects.toMatchObject({
      errors: { email: ['A user with that email already exists.'] },
    });
  });

  it('round-trips an organisation exactly, decimals and dates included', async () => {
    const owner = aPerson();
    await people.save(owner);
    const organisation = Organisation.found({
      id: ids.next(),
      uniqueId: `org-${ids.next()}`,
      name: 'Exact Ltd',
      ownerId: owner.id,
      now: at('2026-03-01T00:00:00Z'),
      defaultVatRate: Decimal.of('999.99'),
      monthlyAiCreditsAllocated: Decimal.of('9999.99'),
      monthlyAiCreditsUsed: Decimal.of('0.01'),
      financialYearLockDate: CalendarDate.of('2024-02-29'),
      purchasedSeats: 2147483647,
      financeAgentActive: true,
      bankingInformation: { accountNumber: '12345678' },
    });
    await organisations.save(organisation);
    const found = await organisations.findByUniqueId(organisation.uniqueId);
    expect(found?.snapshot()).toEqual(organisation.snapshot());
    expect(found?.monthlyAiCreditsRemaining.toFixed(2)).toBe('9999.98');
  });

  it("round-trips a person's picture and an organisation's logo, and their removal, finding the person by unique_id", async () => {
    const person = aPerson();
    const picture = Picture.of({ key: `${person.id}/0b8f6f0e-6a53-4d0c-9a43-2f1d7c8e9a10.webp`, contentType: 'image/webp', size: 5 * 1024 * 1024 });
    person.changePicture(picture, at('2026-03-02T00:00:00Z'));
    await people.save(person);
    expect((await people.findByUniqueId(person.uniqueId))?.snapshot()).toEqual(person.snapshot());
    person.removePicture(at('2026-03-03T00:00:00Z'));
    await people.save(person);
    expect((await people.findById(person.id))?.picture).toBeNull();
    expect(await people.findByUniqueId('no-such-person')).toBeNull();

    const organisation = Organisation.found({ id: ids.next(), uniqueId: `org-${ids.next()}`, name: 'Logo Ltd', ownerId: person.id, now: at('2026-03-01T00:00:00Z') });
    organisation.changeLogo(Picture.of({ key: `${organisation.id}/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f.jpg`, contentType: 'image/jpeg', size: 1 }), at('2026-03-02T00:00:00Z'));
    await organisations.save(organisation);
    expect((await organisations.findById(organisation.id))?.snapshot()).toEqual(organisation.snapshot());
    organisation.removeLogo(at('2026-03-03T00:00:00Z'));
    await organisations.save(organisation);
    expect((await organisations.findById(organisation.id))?.logo).toBeNull();
  });

  it('reads a profile with the organisation joined first among those the person still belongs to', async () => {
    const person = aPerson();
    const other = aPerson();
    await people.save(person);
    await people.save(other);
    const found = (name: string, day: string) => Organisation.found({ id: ids.next(), uniqueId: ids.next(), name, ownerId: other.id, now: at(day) });
    const early = found('Early', '2026-01-01T00:00:00Z');
    const [sameDayLowerId, sameDayHigherId] = [found('One', '2026-01-02T00:00:00Z'), found('Other', '2026-01-02T00:00:00Z')].sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const organisation of [early, sameDayLowerId, sameDayHigherId]) await organisations.save(organisation);
    const shown = async (personId: string) => {
      const profile = await profiles.read(personId);
      return profile && { person: profile.person.snapshot(), organisation: profile.current };
    };

    expect(await shown(person.id)).toEqual({ person: person.snapshot(), organisation: null });
    expect(await shown(aPerson().id)).toBeNull();

    // Joined at the same instant, the lower organisation id comes first.
    await memberships.add({ organisationId: sameDayHigherId.id, personId: person.id, role: 'owner', dateJoined: at('2026-02-01T00:00:00Z') });
    await memberships.add({ organisationId: sameDayLowerId.id, personId: person.id, role: 'member', dateJoined: at('2026-02-01T00:00:00Z') });
    await memberships.add({ organisationId: early.id, personId: other.id, role: 'owner', dateJoined: at('2026-01-01T00:00:00Z') });
    expect(await shown(person.id)).toEqual({ person: person.snapshot(), organisation: { uniqueId: sameDayLowerId.uniqueId, name: sameDayLowerId.name, role: 'member' } });

    await memberships.add({ organisationId: early.id, personId: person.id, role: 'member', dateJoined: at('2026-01-15T00:00:00Z') });
    expect(await shown(person.id)).toEqual({ person: person.snapshot(), organisation: { uniqueId: early.uniqueId, name: early.name, role: 'member' } });
    // What the repositories give one by one, the reader gives at once.
    expect((await profiles.read(person.id))?.current).toEqual(profileOrganisation(await organisations.firstForPerson(person.id)));

    await memberships.remove(early.id, person.id);
    expect(await shown(person.id)).toEqual({ person: person.snapshot(), organisation: { uniqueId: sameDayLowerId.uniqueId, name: sameDayLowerId.name, role: 'member' } });
    expect(await shown(other.id)).toEqual({ person: other.snapshot(), organisation: { uniqueId: early.uniqueId, name: early.name, role: 'owner' } });
  });

  it('lists a person’s organisations and memberships in the order joined, and counts members', async () => {
    const person = aPerson();
    const other = aPerson();
    await people.save(person);
    await people.save(other);
    const first = Organisation.found({ id: ids.next(), uniqueId: ids.next(), name: 'First', ownerId: other.id, now: at('2026-01-01T00:00:00Z') });
    const second = Organisation.found({ id: ids.next(), uniqueId: ids.next(), name: 'Second', ownerId: person.id, now: at('2026-01-02T00:00:00Z') });
    await organisations.save(first);
    await organisations.save(second);
    await memberships.add({ organisationId: second.id, personId: person.id, role: 'owner', dateJoined: at('2026-01-02T00:00:00Z') });
    await memberships.add({ organisationId: first.id, personId: other.id, role: 'owner', dateJoined: at('2026-01-01T00:00:00Z') });
    await memberships.add({ organisationId: first.id, personId: person.id, role: 'member', dateJoined: at('2026-01-03T00:00:00Z') });

    expect((await organisations.listForPerson(person.id)).map((o) => o.name)).toEqual(['Second', 'First']);
    const current = await organisations.firstForPerson(person.id);
    expect([current?.organisation.snapshot(), current?.role]).toEqual([second.snapshot(), 'owner']);
    expect(await organisations.firstForPerson(aPerson().id)).toBeNull();
    const asMember = await organisations.findForMember(first.uniqueId, person.id);
    expect([asMember?.organisation.snapshot(), asMember?.membership]).toEqual([first.snapshot(), await memberships.find(first.id, person.id)]);
    // The member as views name them, read with the organisation.
    expect(asMember?.member).toEqual({ id: person.id, uniqueId: person.uniqueId, fullName: 'Kofi Annan' });
    const notAMember = await organisations.findForMember(second.uniqueId, other.id);
    expect(notAMember).toMatchObject({ organisation: expect.anything(), membership: null });
    expect(notAMember?.member).toBeUndefined();
    expect(await organisations.findForMember('no-such-organisation', person.id)).toBeNull();
    expect((await memberships.listForPerson(person.id)).map((m) => m.role)).toEqual(['owner', 'member']);
    expect(await memberships.find(first.id, person.id)).toMatchObject({ role: 'member' });
    expect(await memberships.find(first.id, aPerson().id)).toBeNull();
    const counts = await memberships.countByOrganisation([first.id, second.id]);
    expect([counts.get(first.id), counts.get(second.id)]).toEqual([2, 1]);
    expect((await people.findMemberByUniqueId(first.id, person.uniqueId))?.id).toBe(person.id);
    expect(await people.findMemberByUniqueId(second.id, other.uniqueId)).toBeNull();
  });

  it('tells, with an organisation read for a member, whether it has an active webhook endpoint (the databases; in memory it is left unsaid)', async () => {
    const person = aPerson();
    await people.save(person);
    const organisation = Organisation.found({ id: ids.next(), uniqueId: ids.next(), name: 'Hooked', ownerId: person.id, now: at('2026-01-01T00:00:00Z') });
    await organisations.save(organisation);
    await memberships.add({ organisationId: organisation.id, personId: person.id, role: 'owner', dateJoined: at('2026-01-01T00:00:00Z') });
    const told = async () => (await organisations.findForMember(organisation.uniqueId, person.id))?.hasWebhookEndpoints;
    if (!endpoints) {
      expect(await told()).toBeUndefined();
      return;
    }
    expect(await told()).toBe(false);
    const endpoint = WebhookEndpoint.create(
      { id: ids.next(), uniqueId: 'hook', organisationId: organisation.id, url: 'https://hooks.example.com/in', events: ['vendor.created'], sealedSecret: 'sealed', now: at('2026-01-02T00:00:00Z'), endpointsInOrganisation: 0 },
      { allowLocalHttp: false },
    );
    await endpoints.save(endpoint);
    expect(await told()).toBe(true);
    endpoint.change({ isActive: false }, { allowLocalHttp: false }, at('2026-01-03T00:00:00Z'));
    await endpoints.save(endpoint);
    expect(await told()).toBe(false); // an inactive endpoint hears nothing
    // Another organisation's endpoint is not this one's.
    const other = Organisation.found({ id: ids.next(), uniqueId: ids.next(), name: 'Other', ownerId: person.id, now: at('2026-01-01T00:00:00Z') });
    await organisations.save(other);
    await endpoints.save(
      WebhookEndpoint.create(
        { id: ids.next(), uniqueId: 'hook', organisationId: other.id, url: 'https://hooks.example.com/in', events: ['vendor.created'], sealedSecret: 'sealed', now: at('2026-01-02T00:00:00Z'), endpointsInOrganisation: 0 },
        { allowLocalHttp: false },
      ),
    );
    expect(await told()).toBe(false);
  });

  it('replaces a password hash by a re-hash only while it is still the stored one', async () => {
    const person = aPerson();
    await people.save(person);
    await credentials.setPasswordHash(person.id, 'old-cost', at('2026-01-01T00:00:00Z'));

    await credentials.replacePasswordHash(person.id, 'old-cost', 'new-cost');
    expect(await credentials.findPasswordHash(person.id)).toBe('new-cost');

    // The password changed between the check and the re-hash: the change stands.
    await credentials.setPasswordHash(person.id, 'changed', at('2026-01-02T00:00:00Z'));
    await credentials.replacePasswordHash(person.id, 'new-cost', 'stale re-hash');
    expect(await credentials.findPasswordHash(person.id)).toBe('changed');
  });

  it('keeps password hashes and sessions, and ends sessions selectively', async () => {
    const person = aPerson();
    await people.save(person);
    await credentials.setPasswordHash(person.id, 'hash-1', at('2026-01-01T00:00:00Z'));
    await credentials.setPasswordHash(person.id, 'hash-2', at('2026-01-02T00:00:00Z'));
    expect(await credentials.findPasswordHash(person.id)).toBe('hash-2');

    const now = at('2026-05-01T00:00:00Z');
    const kept = await sessions.start(person.id, now);
    const ended = await sessions.start(person.id, now);
    expect(await sessions.resolve(kept.token, now)).toMatchObject({ personId: person.id, csrfToken: kept.csrfToken });
    expect(await sessions.resolve(kept.token, at('2026-05-01T01:00:00Z'))).toBeNull();
    await sessions.endAllFor(person.id, kept.token);
    expect(await sessions.resolve(ended.token, now)).toBeNull();
    expect(await sessions.resolve(kept.token, now)).not.toBeNull();
    await sessions.end(kept.token);
    expect(await sessions.resolve(kept.token, now)).toBeNull();
  });

  it('reads with a credential or a session what the request reads first, as the repositories read it (the databases; in memory nothing)', async () => {
    const person = aPerson();
    const outsider = aPerson();
    for (const someone of [person, outsider]) await people.save(someone);
    const organisation = Organisation.found({ id: ids.next(), uniqueId: ids.next(), name: 'Read along', ownerId: person.id, now: at('2026-01-01T00:00:00Z') });
    await organisations.save(organisation);
    await memberships.add({ organisationId: organisation.id, personId: person.id, role: 'owner', dateJoined: at('2026-01-01T00:00:00Z') });
    await credentials.setPasswordHash(person.id, 'hash-of-person', at('2026-01-01T00:00:00Z'));
    await credentials.setPasswordHash(outsider.id, 'hash-of-outsider', at('2026-01-01T00:00:00Z'));
    const now = at('2026-05-01T00:00:00Z');
    const session = await sessions.start(person.id, now);
    const outsiderSession = await sessions.start(outsider.id, now);
    const ofOrganisation = { organisation: organisation.uniqueId };
    const shownProfile = (profile: Awaited<ReturnType<ProfileReader['read']>> | undefined) => profile && { person: profile.person.snapshot(), current: profile.current };
    const shownOrganisation = (found: Awaited<ReturnType<OrganisationRepository['findForMember']>> | undefined) =>
      found && { ...found, organisation: found.organisation.snapshot() };

    const withHash = await credentials.findPasswordHashWith(person.id, ofOrganisation);
    expect(withHash.passwordHash).toBe('hash-of-person');
    const outsiderWithHash = await credentials.findPasswordHashWith(outsider.id, ofOrganisation);
    expect(outsiderWithHash.passwordHash).toBe('hash-of-outsider');
    expect((await credentials.findPasswordHashWith(aPerson().id, ofOrganisation)).passwordHash).toBeNull();
    const withSession = await sessions.resolve(session.token, now, ofOrganisation);
    expect(withSession).toMatchObject({ personId: person.id, csrfToken: session.csrfToken });
    expect(await sessions.resolve(session.token, at('2026-05-01T01:00:00Z'), ofOrganisation)).toBeNull(); // expired
    expect(await sessions.resolve('no-such-token', now, { profile: true })).toBeNull();

    if (!endpoints) {
      // In memory nothing is read along: the use cases read it themselves.
      expect([withHash.prereads, withSession?.prereads]).toEqual([{}, undefined]);
      return;
    }
    // The organisation with the caller's membership, exactly as findForMember reads it: a member, someone who is not, no such organisation.
    const member = await organisations.findForMember(organisation.uniqueId, person.id);
    expect(member?.membership).not.toBeNull();
    for (const read of [withHash.prereads, withSession?.prereads]) {
      expect(read?.organisation?.uniqueId).toBe(organisation.uniqueId);
      expect(shownOrganisation(read?.organisation?.found)).toEqual(shownOrganisation(member));
    }
    const outsiderRead = (await sessions.resolve(outsiderSession.token, now, ofOrganisation))?.prereads?.organisation?.found;
    expect(shownOrganisation(outsiderWithHash.prereads.organisation?.found)).toEqual(shownOrganisation(await organisations.findForMember(organisation.uniqueId, outsider.id)));
    expect(outsiderRead).toMatchObject({ organisation: expect.anything(), membership: null });
    expect(outsiderRead?.member).toBeUndefined();
    const nowhere = await credentials.findPasswordHashWith(person.id, { organisation: 'no-such-organisation' });
    expect([nowhere.passwordHash, nowhere.prereads.organisation]).toEqual(['hash-of-person', { uniqueId: 'no-such-organisation', found: null }]);

    // The profile, exactly as the profile reader reads it.
    const profile = shownProfile(await profiles.read(person.id));
    expect(profile?.current).toEqual({ uniqueId: organisation.uniqueId, name: 'Read along', role: 'owner' });
    expect(shownProfile((await credentials.findPasswordHashWith(person.id, { profile: true })).prereads.profile)).toEqual(profile);
    expect(shownProfile((await sessions.resolve(session.token, now, { profile: true }))?.prereads?.profile)).toEqual(profile);
    expect(shownProfile((await credentials.findPasswordHashWith(outsider.id, { profile: true })).prereads.profile)).toEqual(shownProfile(await profiles.read(outsider.id)));
  });

  it('round-trips an invitation, its sending time included, and finds it by token hash or unique_id', async () => {
    const owner = aPerson();
    await people.save(owner);
    const organisation = Organisation.found({ id: ids.next(), uniqueId: ids.next(), name: 'Inviting', ownerId: owner.id, now: at('2026-01-01T00:00:00Z') });
    const other = Organisation.found({ id: ids.next(), uniqueId: ids.next(), name: 'Other', ownerId: owner.id, now: at('2026-01-01T00:00:00Z') });
    await organisations.save(organisation);
    await organisations.save(other);
    const id = ids.next();
    const invitation = Invitation.issue({
      id,
      uniqueId: `inv-${id}`,
      organisationId: organisation.id,
      email: 'guest@example.com',
      role: 'member',
      tokenHash: `hash-${id}`,
      invitedById: owner.id,
      now: at('2026-02-01T08:00:00.000Z'),
    });
    await invitations.save(invitation);
    expect((await invitations.findByUniqueId(organisation.id, `inv-${id}`))?.snapshot()).toEqual({ ...invitation.snapshot(), sentAt: null });

    invitation.markSent(at('2026-02-01T08:00:01.234Z'));
    await invitations.save(invitation);
    const found = await invitations.findByTokenHash(`hash-${id}`);
    expect(found?.snapshot()).toEqual(invitation.snapshot());
    expect(found?.snapshot().sentAt).toEqual(at('2026-02-01T08:00:01.234Z'));

    invitation.reissue(`rehash-${id}`, at('2026-02-03T08:00:00.000Z'));
    await invitations.save(invitation);
    expect(await invitations.findByTokenHash(`hash-${id}`)).toBeNull();
    expect((await invitations.findByTokenHash(`rehash-${id}`))?.snapshot()).toEqual(invitation.snapshot());
    expect(await invitations.findByUniqueId(other.id, `inv-${id}`)).toBeNull();
    expect((await invitations.listForOrganisation(organisation.id)).map((i) => i.snapshot())).toEqual([invitation.snapshot()]);
  });
});
