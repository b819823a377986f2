import Router from '@koa/router';
import { inject, injectable } from 'inversify';
import { Context } from 'koa';
import { CreateContact } from '../../../application/contact/create-contact.use-case';
import { DeleteContact } from '../../../application/contact/delete-contact.use-case';
import { GetContact } from '../../../application/contact/get-contact.use-case';
import { ListContacts } from '../../../application/contact/list-contacts.use-case';
import { UpdateContact } from '../../../application/contact/update-contact.use-case';
import { readBody } from '../body/read-body';
import { actorOf } from '../middleware/authentication';
import { allowOnly } from '../shared/allow-only';
import { bindBody } from '../shared/bind-body';
import { AuthGuard, HttpController } from '../shared/controller';
import { ListQuery, orderingOf, pageRequestOf, readQuery, sendPage } from '../validation/list-query';
import { CONTACT, CONTACTS, contactPathOf, groupPathOf } from './contact-paths';
import { CONTACT_ORDERINGS, ContactInput, NewContactInput } from './contact.dto';
import { presentContact } from './contact.presenter';


@injectable()
export class ContactController implements HttpController {
  constructor(
    @inject(AuthGuard) private readonly guard: AuthGuard,
    @inject(ListContacts) private readonly listContacts: ListContacts,
    @inject(CreateContact) private readonly createContact: CreateContact,
    @inject(GetContact) private readonly getContact: GetContact,
    @inject(UpdateContact) private readonly updateContact: UpdateContact,
    @inject(DeleteContact) private readonly deleteContact: DeleteContact,
  ) {}

  register(router: Router): void {
    const auth = this.guard.required();
    const body = readBody();
    router.get(CONTACTS, auth, async (ctx) => {
      const query = readQuery(ListQuery, ctx.query);
      const page = pageRequestOf(query);
      const ordering = orderingOf(query, CONTACT_ORDERINGS, { field: 'firstName', descending: false });
      sendPage(ctx, await this.listContacts.execute(actorOf(ctx), groupPathOf(ctx), page, ordering), page, presentContact);
    });
    router.post(`${CONTACTS}/create`, auth, body, async (ctx) => {
      const input = bindBody(ctx, ContactInput) as NewContactInput;
      ctx.status = 201;
      ctx.body = presentContact(await this.createContact.execute(actorOf(ctx), groupPathOf(ctx), input));
    });
    allowOnly(router, `${CONTACTS}/create`, ['POST'], auth);
    router.get(CONTACT, auth, async (ctx) => {
      ctx.body = presentContact(await this.getContact.execute(actorOf(ctx), contactPathOf(ctx)));
    });
    router.put(CONTACT, auth, body, (ctx) => this.update(ctx, false));
    router.patch(CONTACT, auth, body, (ctx) => this.update(ctx, true));
    router.delete(CONTACT, auth, async (ctx) => {
      ctx.body = presentContact(await this.deleteContact.execute(actorOf(ctx), contactPathOf(ctx)));
    });
  }

  private async update(ctx: Context, partial: boolean): Promise<void> {
    const changes = bindBody(ctx, ContactInput, partial);
    ctx.body = presentContact(await this.updateContact.execute(actorOf(ctx), contactPathOf(ctx), changes));
  }
}
