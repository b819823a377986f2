import { RecordingMailer } from '../../../../adapters/system/recording-mailer';
import { AcceptInvitation } from '../../../../application/organisation/accept-invitation.use-case';
import { InvitationView } from '../../../../application/organisation/invitation-view';
import { InviteMember } from '../../../../application/organisation/invite-member.use-case';
import { ListInvitations } from '../../../../application/organisation/list-invitations.use-case';
import { ResendInvitation } from '../../../../application/organisation/resend-invitation.use-case';
import { RevokeInvitation } from '../../../../application/organisation/revoke-invitation.use-case';
import { RemoveMember } from '../../../../application/organisation/remove-member.use-case';
import { InvitationRepository, ORGANISATION_TOKENS } from '../../../../application/organisation/organisation.ports';
import { Invitation } from '../../../../domain/organisation/invitation';
import { MailMessage } from '../../../../application/organisation/organisation.ports';
import { Actor } from '../../../../application/shared/actor';
import { DeliverNotifications } from '../../../../application/notification/deliver-notifications.use-case';
import { NotFound, PermissionDenied, ValidationFailed } from '../../../../domain/shared/errors';
import { A_CLIENT_ADDRESS, aRegisteredPerson, InMemoryUseCases, join, signUp, SignedUpUser, useCases } from '../../../support/in-memory';

const NEW_ACCOUNT = { password: 'a fine passphrase', firstName: 'New', lastName: 'Comer' };
const DAY = 86_400_000;

describe('invitations', () => {
  let app: InMemoryUseCases;
  let owner: SignedUpUser;
  let orgUid: string;

  beforeEach(async () => {
    app = await useCases();
    owner = await signUp(app, { email: 'owner@example.com', organisationName: 'Guild' });
    orgUid = owner.organisation.organisation.uniqueId;
  });

  const invite = (email = 'newcomer@example.com') => app.get(InviteMember).execute(owner.actor, orgUid, { email, role: 'member' });
  const resend = (view: InvitationView, actor: Actor = owner.actor) => app.get(ResendInvitation).execute(actor, orgUid, view.invitation.uniqueId);
  const accept = (token: string) => app.get(AcceptInvitation).execute({ token, actor: null, newAccount: NEW_ACCOUNT, clientAddress: A_CLIENT_ADDRESS });
  /** One round of the e-mail worker, its sends settled. */
  const deliver = async () => {
    const round = await app.get(DeliverNotifications).execute(100);
    await round.settled;
    return round.claimed;
  };
  const listed = async () => (await app.get(ListInvitations).execute(owner.actor, orgUid, { page: 1, pageSize: 100 })).items.map((view) => view.invitation);

  describe('InviteMember', () => {
    it('queues the e-mail of the link with the token, and records when it went out', async () => {
      const view = await invite();
      expect(view.invitation.sentAt).toBeNull();
      expect(app.mailer.sent).toEqual([]); // never within the request
      await deliver();
      expect(app.mailer.sent).toEqual([
        { to: 'newcomer@example.com', subject: 'You are invited to join an organisation', text: expect.stringContaining(`/api/v1.0/invitations/${view.token}/accept/`) },
      ]);
      expect(await listed()).toEqual([expect.objectContaining({ sentAt: app.clock.now() })]);
    });

    it('writes no user text in the subject: an organisation named like a warning stays in the body, quoted', async () => {
      const phisher = await signUp(app, { email: 'phisher@example.com', organisationName: 'Your account is locked: verify at evil.example' });
      await app.get(InviteMember).execute(phisher.actor, phisher.organisation.organisation.uniqueId, { email: 'victim@example.com', role: 'member' });
      await deliver();
      const mail = app.mailer.sent.find((m) => m.to === 'victim@example.com')!;
      expect(mail.subject).toBe('You are invited to join an organisation');
      expect(mail.text).toContain('"Your account is locked: verify at evil.example"');
    });

    it('keeps one open invitation per address: a new one replaces the unused one, whose link stops working', async () => {
      const first = await invite('twice@example.com');
      const other = await invite('other@example.com');
      const second = await invite('TWICE@example.com');
      await deliver();
      // The replaced invitation's e-mail, not sent yet, is dropped: its link would not work.
      expect(app.mailer.sent.map((mail) => mail.to).sort()).toEqual(['TWICE@example.com', 'other@example.com'].sort());
      expect((await listed()).map((i) => i.uniqueId).sort()).toEqual([other.invitation.uniqueId, second.invitation.uniqueId].sort());
      await expect(accept(first.token!)).rejects.toBeInstanceOf(NotFound);
      expect((await accept(second.token!)).profile.person.email.toLowerCase()).toBe('twice@example.com');
    });

    it('retries an e-mail the mail system did not take, and records when it went out', async () => {
      app.mailer.unavailable = true;
      const view = await invite();
      expect(await deliver()).toBe(1);
      expect(view).toMatchObject({ status: 'pending', token: expect.any(String), acceptUrl: expect.stringContaining(view.token!), invitation: { sentAt: null } });
      expect(await listed()).toEqual([expect.objectContaining({ uniqueId: view.invitation.uniqueId, email: 'newcomer@example.com', sentAt: null })]);
      app.mailer.unavailable = false;
      expect(await deliver()).toBe(0); // not before its retry is due
      app.clock.advance({ minutes: 1 });
      expect(await deliver()).toBe(1);
      expect(app.mailer.sent).toEqual([expect.objectContaining({ to: 'newcomer@example.com', text: expect.stringContaining(view.token!) })]);
      expect(await listed()).toEqual([expect.objectContaining({ uniqueId: view.invitation.uniqueId, sentAt: app.clock.now() })]);
      await expect(accept(view.token!)).resolves.toMatchObject({ profile: { person: { email: 'newcomer@example.com' } } });
    });

    it('keeps an acceptance that happens while the mail is on its way', async () => {
      class AcceptingOnArrival extends RecordingMailer {
        override async send(message: MailMessage): Promise<void> {
          await super.send(message);
          await accept(message.text.match(/invitations\/([^/]+)\/accept/)![1]);
        }
      }
      app = await useCases({ mailer: new AcceptingOnArrival() });
      owner = await signUp(app, { email: 'owner@example.com', organisationName: 'Guild' });
      orgUid = owner.organisation.organisation.uniqueId;
      await invite();
      await deliver();
      expect(await listed()).toEqual([expect.objectContaining({ acceptedAt: app.clock.now(), sentAt: app.clock.now() })]);
    });
  });

  describe('ResendInvitation', () => {
    it('does not count as sent the old link\'s e-mail that was already out when the invitation was resent', async () => {
      let resent: InvitationView | undefined;
      class ResendingOnArrival extends RecordingMailer {
        override async send(message: MailMessage): Promise<void> {
          await super.send(message);
          if (!resent) resent = await resend(first);
        }
      }
      app = await useCases({ mailer: new ResendingOnArrival() });
      owner = await signUp(app, { email: 'owner@example.com', organisationName: 'Guild' });
      orgUid = owner.organisation.organisation.uniqueId;
      const first = await invite();
      await deliver();
      expect(await listed()).toEqual([expect.objectContaining({ sentAt: null })]); // the new link's e-mail is still to go
      await deliver();
      expect(app.mailer.sent.map((mail) => mail.text)).toEqual([expect.stringContaining(first.token!), expect.stringContaining(resent!.token!)]);
      expect(await listed()).toEqual([expect.objectContaining({ sentAt: app.clock.now() })]);
    });

    it('sends a new token with seven more days; the old link stops working and the new one works', async () => {
      app.mailer.unavailable = true;
      const first = await invite();
      await deliver();
      app.mailer.unavailable = false;
      app.clock.advance({ days: 10 });

      const again = await resend(first);

      expect(again.token).not.toEqual(first.token);
      expect(again).toMatchObject({ status: 'pending', acceptUrl: expect.stringContaining(`/invitations/${again.token}/accept/`) });
      expect(again.invitation).toMatchObject({ uniqueId: first.invitation.uniqueId, sentAt: null, expiresAt: new Date(app.clock.now().getTime() + 7 * DAY) });
      await deliver();
      // The old link's e-mail, still waiting for its retry, was dropped: only the new link goes out.
      expect(await listed()).toEqual([expect.objectContaining({ uniqueId: first.invitation.uniqueId, sentAt: app.clock.now() })]);
      expect(app.mailer.sent).toEqual([expect.objectContaining({ to: 'newcomer@example.com', text: expect.stringContaining(again.token!) })]);
      await expect(accept(first.token!)).rejects.toBeInstanceOf(NotFound);
      await expect(accept(again.token!)).resolves.toMatchObject({ profile: { person: { email: 'newcomer@example.com' } } });
    });

    it('answers with the delivery pending while the mail system is down, and the e-mail goes out once it is back', async () => {
      const first = await invite();
      await deliver();
      app.mailer.sent.length = 0;
      app.mailer.unavailable = true;
      app.clock.advance({ hours: 1 });

      const again = await resend(first);
      expect(again.invitation.sentAt).toBeNull();
      await deliver();
      expect(await listed()).toEqual([expect.objectContaining({ sentAt: null })]);

      app.mailer.unavailable = false;
      app.clock.advance({ minutes: 1 });
      await deliver();
      expect(app.mailer.sent).toEqual([expect.objectContaining({ text: expect.stringContaining(again.token!) })]);
      await expect(accept(first.token!)).rejects.toBeInstanceOf(NotFound);
      await expect(accept(again.token!)).resolves.toBeDefined();
    });

    it('refuses an accepted invitation, and sends nothing', async () => {
      const first = await invite();
      await deliver();
      await accept(first.token!);
      app.mailer.sent.length = 0;
      await expect(resend(first)).rejects.toEqual(new ValidationFailed({ non_field_errors: ['This invitation has already been used.'] }));
      await deliver();
      expect(app.mailer.sent).toEqual([]);
    });

    it('is the owner’s: a member is refused, a stranger and an unknown invitation are not found', async () => {
      const first = await invite();
      const grace = await aRegisteredPerson(app, { email: 'grace@example.com' });
      await join(app, grace.id, orgUid);
      const stranger = await signUp(app, { email: 'stranger@example.com', organisationName: 'Elsewhere' });
      app.mailer.sent.length = 0;

      await expect(resend(first, { personId: grace.id })).rejects.toBeInstanceOf(PermissionDenied);
      await expect(resend(first, stranger.actor)).rejects.toBeInstanceOf(NotFound);
      await expect(app.get(ResendInvitation).execute(owner.actor, orgUid, 'no-such-invitation')).rejects.toBeInstanceOf(NotFound);
      await expect(
        app.get(ResendInvitation).execute(stranger.actor, stranger.organisation.organisation.uniqueId, first.invitation.uniqueId),
      ).rejects.toBeInstanceOf(NotFound);
      expect(app.mailer.sent).toEqual([]);
      expect(await listed()).toEqual([first.invitation]);
    });
  });

  describe('AcceptInvitation with a new account', () => {
    it('refuses an unknown, a used or an expired token, and an invitee who has an account, before hashing anything', async () => {
      const view = await invite();
      const hashes = app.hasher.hashes;
      await expect(accept('no-such-token')).rejects.toBeInstanceOf(NotFound);

      await signUp(app, { email: 'taken@example.com', organisationName: 'Other' });
      const taken = await invite('taken@example.com');
      const afterSignUp = app.hasher.hashes;
      await expect(accept(taken.token!)).rejects.toMatchObject({ errors: { non_field_errors: [expect.stringContaining('sign in')] } });

      const expiring = await invite('late@example.com');
      app.clock.advance(8 * DAY);
      await expect(accept(expiring.token!)).rejects.toBeInstanceOf(ValidationFailed);
      expect([hashes, app.hasher.hashes]).toEqual([hashes, afterSignUp]);

      app.clock.advance(-8 * DAY);
      await accept(view.token!);
      expect(app.hasher.hashes).toBe(afterSignUp + 1);
      await expect(accept(view.token!)).rejects.toBeInstanceOf(ValidationFailed);
      expect(app.hasher.hashes).toBe(afterSignUp + 1);
    });
  });

  describe('RevokeInvitation', () => {
    it("is the owner's: the invitation is gone and its token finds nothing", async () => {
      const view = await invite();
      const member = await signUp(app, { email: 'member@example.com', organisationName: 'Theirs' });
      await join(app, member.actor.personId, orgUid);
      await expect(app.get(RevokeInvitation).execute(member.actor, orgUid, view.invitation.uniqueId)).rejects.toBeInstanceOf(PermissionDenied);
      await app.get(RevokeInvitation).execute(owner.actor, orgUid, view.invitation.uniqueId);
      expect(await listed()).toEqual([]);
      await expect(accept(view.token!)).rejects.toBeInstanceOf(NotFound);
      await expect(app.get(RevokeInvitation).execute(owner.actor, orgUid, view.invitation.uniqueId)).rejects.toBeInstanceOf(NotFound);
    });
  });

  describe('RemoveMember', () => {
    it("revokes the removed member's unused invitations to the organisation, and no one else's", async () => {
      const view = await invite('leaver@example.com');
      const { profile } = await accept(view.token!);
      // Made before one open invitation per address was the rule: stored as older versions left them.
      const repository = app.get<InvitationRepository>(ORGANISATION_TOKENS.InvitationRepository);
      const organisation = (await app.organisations.findByUniqueId(orgUid))!;
      const spare = Invitation.issue({
        id: 'spare', uniqueId: 'spare', organisationId: organisation.id, email: 'LEAVER@example.com', role: 'member',
        tokenHash: 'spare-hash', invitedById: owner.actor.personId, now: app.clock.now(),
      });
      await repository.save(spare);
      const other = await invite('stays@example.com');

      await app.get(RemoveMember).execute(owner.actor, orgUid, profile.person.uniqueId);
      expect(await repository.findByUniqueId(organisation.id, 'spare')).toBeNull();
      expect((await listed()).map((i) => i.uniqueId)).toContain(other.invitation.uniqueId);
    });
  });
});
