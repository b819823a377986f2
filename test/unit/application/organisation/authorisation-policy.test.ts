import { AUTHORISATION_POLICY, Operation } from '../../../../application/organisation/authorisation-policy';
import { InviteMember } from '../../../../application/organisation/invite-member.use-case';
import { ListInvitations } from '../../../../application/organisation/list-invitations.use-case';
import { ListMembers } from '../../../../application/organisation/list-members.use-case';
import { RemoveMember } from '../../../../application/organisation/remove-member.use-case';
import { OrganisationAccess } from '../../../../application/organisation/organisation-access';
import { EXPENSE_ACTIONS } from '../../../../domain/expense/expense-transitions';
import { NotFound, PermissionDenied } from '../../../../domain/shared/errors';
import { anOrganisationWithAMember, InMemoryUseCases, OrganisationWithAMember, useCases } from '../../../support/in-memory';

// Written out independently of the policy, so that a changed entry there fails here.
const OWNER_ONLY: Operation[] = [
  'organisation.update',
  'organisation.change_logo',
  'organisation.transfer_ownership',
  'organisation.close',
  'organisation.restore',
  'members.remove',
  'invitations.create',
  'invitations.list',
  'invitations.resend',
  'invitations.revoke',
  'activity.list',
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
  let acme: OrganisationWithAMember;
  const access = () => app.get(OrganisationAccess);

  beforeEach(async () => {
    app = await useCases();
    acme = await anOrganisationWithAMember(app);
  });

  describe('OrganisationAccess.authorise', () => {
    it.each(OPERATIONS)('%s: the owner is granted, with their membership', async (operation) => {
      await expect(access().authorise(acme.owner.actor, acme.orgUid, operation)).resolves.toMatchObject({
        organisation: { uniqueId: acme.orgUid },
        membership: { role: 'owner' },
      });
    });

    it.each(OPERATIONS)("%s: a member is granted unless it is the owner's, then PermissionDenied", async (operation) => {
      const attempt = access().authorise(acme.member, acme.orgUid, operation);
      if (OWNER_ONLY.includes(operation)) await expect(attempt).rejects.toBeInstanceOf(PermissionDenied);
      else await expect(attempt).resolves.toMatchObject({ membership: { role: 'member' } });
    });

    it.each(OPERATIONS)('%s: a non-member, or an unknown organisation, is NotFound', async (operation) => {
      await expect(access().authorise(acme.outsider.actor, acme.orgUid, operation)).rejects.toBeInstanceOf(NotFound);
      await expect(access().authorise(acme.owner.actor, 'no-such-organisation', operation)).rejects.toBeInstanceOf(NotFound);
    });

    it('forgets a member who was removed, at once', async () => {
      await expect(access().authorise(acme.member, acme.orgUid, 'organisation.view')).resolves.toBeDefined();
      await app.memberships.remove(acme.owner.organisation.organisation.id, acme.member.personId);
      await expect(access().authorise(acme.member, acme.orgUid, 'organisation.view')).rejects.toBeInstanceOf(NotFound);
    });
  });

  describe('owner-only member and invitation use cases', () => {
    const FIRST_PAGE = { page: 1, pageSize: 100 };
    const memberCount = async () => (await app.get(ListMembers).execute(acme.owner.actor, acme.orgUid, FIRST_PAGE)).items.length;

    it('refuses RemoveMember to a member with PermissionDenied and to a non-member with NotFound, removing no one', async () => {
      const ownerUid = acme.owner.profile.person.uniqueId;
      await expect(app.get(RemoveMember).execute(acme.member, acme.orgUid, ownerUid)).rejects.toBeInstanceOf(PermissionDenied);
      await expect(app.get(RemoveMember).execute(acme.outsider.actor, acme.orgUid, ownerUid)).rejects.toBeInstanceOf(NotFound);
      expect(await memberCount()).toBe(2);
    });

    it('refuses InviteMember and ListInvitations to a member and to a non-member, sending no mail', async () => {
      const invitation = { email: 'friend@example.com', role: 'member' as const };
      await expect(app.get(InviteMember).execute(acme.member, acme.orgUid, invitation)).rejects.toBeInstanceOf(PermissionDenied);
      await expect(app.get(InviteMember).execute(acme.outsider.actor, acme.orgUid, invitation)).rejects.toBeInstanceOf(NotFound);
      await expect(app.get(ListInvitations).execute(acme.member, acme.orgUid, FIRST_PAGE)).rejects.toBeInstanceOf(PermissionDenied);
      await expect(app.get(ListInvitations).execute(acme.outsider.actor, acme.orgUid, FIRST_PAGE)).rejects.toBeInstanceOf(NotFound);
      expect(app.mailer.sent).toEqual([]);
      expect((await app.get(ListInvitations).execute(acme.owner.actor, acme.orgUid, FIRST_PAGE)).items).toEqual([]);
    });

    it('lets any member list the members', async () => {
      expect((await app.get(ListMembers).execute(acme.member, acme.orgUid, FIRST_PAGE)).items).toHaveLength(2);
      await expect(app.get(ListMembers).execute(acme.outsider.actor, acme.orgUid, FIRST_PAGE)).rejects.toBeInstanceOf(NotFound);
    });
  });
});
