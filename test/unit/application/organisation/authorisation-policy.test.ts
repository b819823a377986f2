import { AUTHORISATION_POLICY, Operation } from '../../../../application/organisation/authorisation-policy';
import { InviteMember, ListInvitations } from '../../../../application/organisation/invitations.use-case';
import { ListMembers, RemoveMember } from '../../../../application/organisation/members.use-case';
import { OrganisationAccess } from '../../../../application/organisation/organisation-access';
import { Actor } from '../../../../application/shared/actor';
import { EXPENSE_ACTIONS } from '../../../../domain/expense/expense-transitions';
import { NotFound, PermissionDenied } from '../../../../domain/shared/errors';
import { aRegisteredPerson, InMemoryUseCases, join, signUp, SignedUpUser, useCases } from '../../../support/in-memory';

// Written out independently of the policy, so that a changed entry there fails here.
const OWNER_ONLY: Operation[] = [
  'organisation.update',
  'members.remove',
  'invitations.create',
  'invitations.list',
  'invitations.resend',
  'expenses.approve',
  'expenses.reject',
  'expenses.mark_paid',
  'expenses.reimburse',
];

const OPERATIONS = Object.keys(AUTHORISATION_POLICY) as Operation[];

describe('the authorisation policy', () => {
  it('keeps exactly these operations to the owner and leaves every other to any member', () => {
    expect(OPERATIONS.filter((operation) => AUTHORISATION_POLICY[operation] === 'owner').sort()).toEqual([...OWNER_ONLY].sort());
    expect(OPERATIONS.filter((operation) => !OWNER_ONLY.includes(operation)).every((o) => AUTHORISATION_POLICY[o] === 'member')).toBe(true);
  });

  it('has a row for every expense action', () => {
    const missing = EXPENSE_ACTIONS.values.filter((action) => !(`expenses.${action}` in AUTHORISATION_POLICY));
    expect(missing).toEqual([]);
  });
});

describe('an organisation with its owner, a member, and an outsider who owns another', () => {
  let app: InMemoryUseCases;
  let owner: SignedUpUser;
  let orgUid: string;
  let member: Actor;
  let outsider: SignedUpUser;

  beforeEach(async () => {
    app = await useCases();
    owner = await signUp(app, { email: 'owner@example.com', organisationName: 'Acme' });
    orgUid = owner.organisation.organisation.uniqueId;
    const grace = await aRegisteredPerson(app, { email: 'grace@example.com' });
    await join(app, grace.id, orgUid);
    member = { personId: grace.id };
    outsider = await signUp(app, { email: 'outsider@example.com', organisationName: 'Elsewhere' });
  });

  describe('OrganisationAccess.authorise', () => {
    it.each(OPERATIONS)('%s: the owner is granted, with their membership', async (operation) => {
      await expect(app.get(OrganisationAccess).authorise(owner.actor, orgUid, operation)).resolves.toMatchObject({
        organisation: { uniqueId: orgUid },
        membership: { role: 'owner' },
      });
    });

    it.each(OPERATIONS)('%s: a member is granted unless it is the owner\'s, then PermissionDenied', async (operation) => {
      const attempt = app.get(OrganisationAccess).authorise(member, orgUid, operation);
      if (OWNER_ONLY.includes(operation)) await expect(attempt).rejects.toBeInstanceOf(PermissionDenied);
      else await expect(attempt).resolves.toMatchObject({ membership: { role: 'member' } });
    });

    it.each(OPERATIONS)('%s: a non-member, or an unknown organisation, is NotFound', async (operation) => {
      await expect(app.get(OrganisationAccess).authorise(outsider.actor, orgUid, operation)).rejects.toBeInstanceOf(NotFound);
      await expect(app.get(OrganisationAccess).authorise(owner.actor, 'no-such-organisation', operation)).rejects.toBeInstanceOf(NotFound);
    });

    it('forgets a member who was removed, at once', async () => {
      await expect(app.get(OrganisationAccess).authorise(member, orgUid, 'organisation.view')).resolves.toBeDefined();
      await app.memberships.remove(owner.organisation.organisation.id, member.personId);
      await expect(app.get(OrganisationAccess).authorise(member, orgUid, 'organisation.view')).rejects.toBeInstanceOf(NotFound);
    });
  });

  describe('owner-only member and invitation use cases', () => {
    const memberCount = async () => (await app.get(ListMembers).execute(owner.actor, orgUid)).length;

    it('refuses RemoveMember to a member with PermissionDenied and to a non-member with NotFound, removing no one', async () => {
      const ownerUid = owner.profile.person.uniqueId;
      await expect(app.get(RemoveMember).execute(member, orgUid, ownerUid)).rejects.toBeInstanceOf(PermissionDenied);
      await expect(app.get(RemoveMember).execute(outsider.actor, orgUid, ownerUid)).rejects.toBeInstanceOf(NotFound);
      expect(await memberCount()).toBe(2);
    });

    it('refuses InviteMember and ListInvitations to a member and to a non-member, sending no mail', async () => {
      const invitation = { email: 'friend@example.com', role: 'member' as const };
      await expect(app.get(InviteMember).execute(member, orgUid, invitation)).rejects.toBeInstanceOf(PermissionDenied);
      await expect(app.get(InviteMember).execute(outsider.actor, orgUid, invitation)).rejects.toBeInstanceOf(NotFound);
      await expect(app.get(ListInvitations).execute(member, orgUid)).rejects.toBeInstanceOf(PermissionDenied);
      await expect(app.get(ListInvitations).execute(outsider.actor, orgUid)).rejects.toBeInstanceOf(NotFound);
      expect(app.mailer.sent).toEqual([]);
      await expect(app.get(ListInvitations).execute(owner.actor, orgUid)).resolves.toEqual([]);
    });

    it('lets any member list the members', async () => {
      await expect(app.get(ListMembers).execute(member, orgUid)).resolves.toHaveLength(2);
      await expect(app.get(ListMembers).execute(outsider.actor, orgUid)).rejects.toBeInstanceOf(NotFound);
    });
  });
});
