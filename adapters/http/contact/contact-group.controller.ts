import Router from '@koa/router';
import { inject, injectable } from 'inversify';
import { Context } from 'koa';
import { CreateContactGroup } from '../../../application/contact/create-contact-group.use-case';
import { DeleteContactGroup } from '../../../application/contact/delete-contact-group.use-case';
import { GetContactGroup } from '../../../application/contact/get-contact-group.use-case';
import { ListContactGroups } from '../../../application/contact/list-contact-groups.use-case';
import { UpdateContactGroup } from '../../../application/contact/update-contact-group.use-case';
import { readBody } from '../body/read-body';
import { actorOf } from '../middleware/authentication';
import { allowOnly } from '../shared/allow-only';
import { bindBody } from '../shared/bind-body';
import { AuthGuard, HttpController } from '../shared/controller';
import { ListQuery, orderingOf, pageRequestOf, readQuery, sendPage } from '../validation/list-query';
import { CONTACT_GROUP, CONTACT_GROUPS, groupPathOf } from './contact-paths';
import { CONTACT_GROUP_ORDERINGS, ContactGroupInput, NewContactGroupInput } from './contact.dto';
import { presentContactGroup } from './contact.presenter';


@injectable()
export class ContactGroupController implements HttpController {
  constructor(
    @inject(AuthGuard) private readonly guard: AuthGuard,
    @inject(ListContactGroups) private readonly listGroups: ListContactGroups,
    @inject(CreateContactGroup) private readonly createGroup: CreateContactGroup,
    @inject(GetContactGroup) private readonly getGroup: GetContactGroup,
    @inject(UpdateContactGroup) private readonly updateGroup: UpdateContactGroup,
    @inject(DeleteContactGroup) private readonly deleteGroup: DeleteContactGroup,
  ) {}

  register(router: Router): void {
    const auth = this.guard.required();
    const body = readBody();
    router.get(CONTACT_GROUPS, auth, async (ctx) => {
      const query = readQuery(ListQuery, ctx.query);
      const page = pageRequestOf(query);
      const ordering = orderingOf(query, CONTACT_GROUP_ORDERINGS, { field: 'name', descending: false });
      sendPage(ctx, await this.listGroups.execute(actorOf(ctx), ctx.params.uid, page, ordering), page, presentContactGroup);
    });
    router.post(`${CONTACT_GROUPS}/create`, auth, body, async (ctx) => {
      const input = bindBody(ctx, ContactGroupInput) as NewContactGroupInput;
      ctx.status = 201;
      ctx.body = presentContactGroup(await this.createGroup.execute(actorOf(ctx), ctx.params.uid, input));
    });
    allowOnly(router, `${CONTACT_GROUPS}/create`, ['POST'], auth);
    router.get(CONTACT_GROUP, auth, async (ctx) => {
      ctx.body = presentContactGroup(await this.getGroup.execute(actorOf(ctx), groupPathOf(ctx)));
    });
    router.put(CONTACT_GROUP, auth, body, (ctx) => this.update(ctx, false));
    router.patch(CONTACT_GROUP, auth, body, (ctx) => this.update(ctx, true));
    router.delete(CONTACT_GROUP, auth, async (ctx) => {
      await this.deleteGroup.execute(actorOf(ctx), groupPathOf(ctx));
      ctx.status = 204;
    });
  }

  private async update(ctx: Context, partial: boolean): Promise<void> {
    const changes = bindBody(ctx, ContactGroupInput, partial);
    ctx.body = presentContactGroup(await this.updateGroup.execute(actorOf(ctx), groupPathOf(ctx), changes));
  }
}
