import Router from '@koa/router';
import { inject, injectable } from 'inversify';
import { COOKIE_SECURE, setSessionCookies } from '../auth/session-cookies';
import { AcceptInvitation, InviteMember, ListInvitations, ResendInvitation } from '../../../application/organisation/invitations.use-case';
import { ListMembers, RemoveMember } from '../../../application/organisation/members.use-case';
import { readBody } from '../body/read-body';
import { actorOf } from '../middleware/authentication';
import { presentProfile } from '../person/profile.presenter';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, AuthGuard, HttpController } from '../shared/controller';
import { ListQuery, pageOfList, pageRequestOf, readQuery, sendPage } from '../validation/list-query';
import { InvitationInput, NewAccountInput } from './members.dto';
import { presentInvitation, presentMember } from './members.presenter';

@injectable()
export class MembersController implements HttpController {
  constructor(
    @inject(AuthGuard) private readonly guard: AuthGuard,
    @inject(ListMembers) private readonly listMembers: ListMembers,
    @inject(RemoveMember) private readonly removeMember: RemoveMember,
    @inject(InviteMember) private readonly inviteMember: InviteMember,
    @inject(ListInvitations) private readonly listInvitations: ListInvitations,
    @inject(ResendInvitation) private readonly resendInvitation: ResendInvitation,
    @inject(AcceptInvitation) private readonly acceptInvitation: AcceptInvitation,
    @inject(COOKIE_SECURE) private readonly alwaysSecure: boolean,
  ) {}

  register(router: Router): void {
    const auth = this.guard.required();
    const organisation = `${API_PREFIX}/organisation/:uid`;
    router.get(`${organisation}/members`, auth, async (ctx) => {
      const request = pageRequestOf(readQuery(ListQuery, ctx.query));
      const members = await this.listMembers.execute(actorOf(ctx), ctx.params.uid);
      sendPage(ctx, pageOfList(members, request), request, presentMember);
    });
    router.delete(`${organisation}/members/:personUid`, auth, async (ctx) => {
      await this.removeMember.execute(actorOf(ctx), ctx.params.uid, ctx.params.personUid);
      ctx.status = 204;
    });
    router.post(`${organisation}/invitations`, auth, readBody({ multipart: true }), async (ctx) => {
      const view = await this.inviteMember.execute(actorOf(ctx), ctx.params.uid, bindBody(ctx, InvitationInput));
      ctx.status = 201;
      ctx.body = presentInvitation(view);
    });
    router.get(`${organisation}/invitations`, auth, async (ctx) => {
      const request = pageRequestOf(readQuery(ListQuery, ctx.query));
      const invitations = await this.listInvitations.execute(actorOf(ctx), ctx.params.uid);
      sendPage(ctx, pageOfList(invitations, request), request, presentInvitation);
    });
    router.post(`${organisation}/invitations/:invitationUid/resend`, auth, async (ctx) => {
      ctx.body = presentInvitation(await this.resendInvitation.execute(actorOf(ctx), ctx.params.uid, ctx.params.invitationUid));
    });
    router.post(`${API_PREFIX}/invitations/:token/accept`, this.guard.required({ optional: true }), readBody({ form: true }), async (ctx) => {
      const actor = ctx.state.auth ? actorOf(ctx) : null;
      const newAccount = actor ? null : bindBody(ctx, NewAccountInput);
      const result = await this.acceptInvitation.execute({ token: ctx.params.token, actor, newAccount });
      if (result.session) setSessionCookies(ctx, result.session, this.alwaysSecure);
      ctx.body = presentProfile(result.profile);
    });
  }
}
