import { inject, injectable } from 'inversify';
import { AcceptInvitation, AcceptInvitationCommand } from '../../../application/organisation/accept-invitation.use-case';
import { InviteMember } from '../../../application/organisation/invite-member.use-case';
import { ListInvitations } from '../../../application/organisation/list-invitations.use-case';
import { ListMembers } from '../../../application/organisation/list-members.use-case';
import { RemoveMember } from '../../../application/organisation/remove-member.use-case';
import { ResendInvitation } from '../../../application/organisation/resend-invitation.use-case';
import { RevokeInvitation } from '../../../application/organisation/revoke-invitation.use-case';
import { COOKIE_SECURE, setSessionCookies } from '../auth/session-cookies';
import { actorOf } from '../middleware/authentication';
import { presentProfile, PROFILE_SCHEMA } from '../person/profile.presenter';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, HttpController, originOf } from '../shared/controller';
import { answers } from '../shared/answers';
import { Routes } from '../shared/routes';
import { readPage, sendPage } from '../validation/query';
import { INVITATION_DECLARATION, NEW_ACCOUNT_DECLARATION } from '../../declaration/organisation/invitation.declaration';
import { inputClassOf } from '../declared/declared-input';
import { INVITATION_SCHEMA, MEMBER_SCHEMA, presentInvitation, presentMember } from './members.presenter';

// The bodies, as the declarations make them.
const InvitationInput = inputClassOf(INVITATION_DECLARATION.schemaName, INVITATION_DECLARATION.fields);
const NewAccountInput = inputClassOf(NEW_ACCOUNT_DECLARATION.schemaName, NEW_ACCOUNT_DECLARATION.fields);

/** An organisation's members and invitations, and the accepting of an invitation by its token. */
@injectable()
export class MembersController implements HttpController {
  constructor(
    @inject(ListMembers) private readonly listMembers: ListMembers,
    @inject(RemoveMember) private readonly removeMember: RemoveMember,
    @inject(InviteMember) private readonly inviteMember: InviteMember,
    @inject(ListInvitations) private readonly listInvitations: ListInvitations,
    @inject(ResendInvitation) private readonly resendInvitation: ResendInvitation,
    @inject(RevokeInvitation) private readonly revokeInvitation: RevokeInvitation,
    @inject(AcceptInvitation) private readonly acceptInvitation: AcceptInvitation,
    @inject(COOKIE_SECURE) private readonly alwaysSecure: boolean,
  ) {}

  register(routes: Routes): void {
    const organisation = `${API_PREFIX}/organisation/:org`;
    routes.add({
      method: 'GET',
      path: `${organisation}/members`,
      summary: 'List members',
      description: 'The members of the organisation with their roles, a page at a time. Any member of the organisation.',
      list: {},
      answers: [answers.page(MEMBER_SCHEMA)],
      handle: async (ctx) => {
        const request = readPage(ctx);
        sendPage(ctx, await this.listMembers.execute(actorOf(ctx), ctx.params.org, request), request, presentMember);
      },
    });
    routes.add({
      method: 'DELETE',
      path: `${organisation}/members/:personUid`,
      summary: 'Remove a member',
      description: 'Removes a member from the organisation: from the next request on they reach nothing in it. The owner only; the owner cannot remove themself (400).',
      answers: [answers.noContent()],
      errors: [400], // the owner cannot remove themself
      handle: async (ctx) => {
        await this.removeMember.execute(actorOf(ctx), ctx.params.org, ctx.params.personUid);
        ctx.status = 204;
      },
    });
    routes.add({
      method: 'POST',
      path: `${organisation}/invitations`,
      summary: 'Invite a member',
      description:
        'Invites an e-mail address as a member and queues the invitation e-mail, sent in the background and retried if the mail server does not take it; `sent_at` is null until it went out. Invitation e-mails per organisation are limited (429). The owner only.',
      body: { input: InvitationInput, multipart: true },
      answers: [answers.created(INVITATION_SCHEMA)],
      errors: [409], // invitations to one address kept arriving at once
      handle: async (ctx) => {
        const view = await this.inviteMember.execute(actorOf(ctx), ctx.params.org, bindBody(ctx, InvitationInput) as Parameters<InviteMember['execute']>[2]);
        ctx.status = 201;
        ctx.body = presentInvitation(view);
      },
    });
    routes.add({
      method: 'GET',
      path: `${organisation}/invitations`,
      summary: 'List invitations',
      description: 'The open invitations of the organisation, a page at a time. The owner only.',
      list: {},
      answers: [answers.page(INVITATION_SCHEMA)],
      errors: [403], // owners only
      handle: async (ctx) => {
        const request = readPage(ctx);
        sendPage(ctx, await this.listInvitations.execute(actorOf(ctx), ctx.params.org, request), request, presentInvitation);
      },
    });
    routes.add({
      method: 'DELETE',
      path: `${organisation}/invitations/:invitationUid`,
      summary: 'Revoke an invitation',
      description: 'Cancels an open invitation: its link stops working. The owner only.',
      answers: [answers.noContent()],
      errors: [403], // owners only
      handle: async (ctx) => {
        await this.revokeInvitation.execute(actorOf(ctx), ctx.params.org, ctx.params.invitationUid);
        ctx.status = 204;
      },
    });
    routes.add({
      method: 'POST',
      path: `${organisation}/invitations/:invitationUid/resend`,
      summary: 'Resend an invitation',
      description:
        'Issues a new link (the old one stops working) with seven more days, and queues its e-mail: the answer has `sent_at` null, its delivery pending, and any e-mail of the old link not yet sent is dropped. Invitation e-mails per organisation are limited (429). The owner only.',
      answers: [answers.ok(INVITATION_SCHEMA)],
      errors: [400], // a used invitation
      handle: async (ctx) => {
        ctx.body = presentInvitation(await this.resendInvitation.execute(actorOf(ctx), ctx.params.org, ctx.params.invitationUid));
      },
    });
    routes.add({
      method: 'POST',
      path: `${API_PREFIX}/invitations/:token/accept`,
      summary: 'Accept an invitation',
      description: 'Joins the organisation of the invitation in the link. Signed in, the invited e-mail must be the caller’s (else 403) and no body is needed; without credentials the body creates the account and a session starts.',
      credentials: 'optional',
      // A key acts in its own organisation alone: joining another is its person's to do.
      scope: 'never',
      body: {
        input: NewAccountInput,
        form: true,
        optional: 'Read only without credentials, when accepting creates the account: then `password`, `first_name` and `last_name` are required. A signed-in invitee sends none.',
      },
      // Cookies only when the invitation creates the account.
      answers: [answers.ok(PROFILE_SCHEMA, { 'Set-Cookie': false })],
      handle: async (ctx) => {
        const actor = ctx.state.auth ? actorOf(ctx) : null;
        const newAccount = actor ? null : (bindBody(ctx, NewAccountInput) as AcceptInvitationCommand['newAccount']);
        const result = await this.acceptInvitation.execute({ token: ctx.params.token, actor, newAccount, clientAddress: ctx.ip });
        if (result.session) setSessionCookies(ctx, result.session, this.alwaysSecure);
        ctx.body = presentProfile(result.profile, originOf(ctx));
      },
    });
  }
}
