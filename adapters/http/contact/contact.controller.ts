import { inject, injectable } from 'inversify';
import { CreateContact } from '../../../application/contact/create-contact.use-case';
import { DeleteContact } from '../../../application/contact/delete-contact.use-case';
import { GetContact } from '../../../application/contact/get-contact.use-case';
import { ListContacts } from '../../../application/contact/list-contacts.use-case';
import { UpdateContact } from '../../../application/contact/update-contact.use-case';
import { actorOf } from '../middleware/authentication';
import { HttpController } from '../shared/controller';
import { registerOrganisationResource } from '../shared/organisation-resource';
import { Routes } from '../shared/routes';
import { CONTACTS, contactPathOf, groupPathOf } from './contact-paths';
import { CONTACT_ORDERINGS, ContactInput, NewContactInput } from './contact.dto';
import { CONTACT_SCHEMA, presentContact } from './contact.presenter';

/** `/api/v1.0/organisation/{uid}/contact-groups/{group}/contacts/…` (spec Part 2): a group's contacts. */
@injectable()
export class ContactController implements HttpController {
  constructor(
    @inject(ListContacts) private readonly listContacts: ListContacts,
    @inject(CreateContact) private readonly createContact: CreateContact,
    @inject(GetContact) private readonly getContact: GetContact,
    @inject(UpdateContact) private readonly updateContact: UpdateContact,
    @inject(DeleteContact) private readonly deleteContact: DeleteContact,
  ) {}

  register(routes: Routes): void {
    registerOrganisationResource(routes, {
      names: { one: 'contact', many: 'contacts' },
      base: CONTACTS,
      idParam: 'contact',
      pattern: 'detail',
      schema: CONTACT_SCHEMA,
      present: presentContact,
      input: { create: ContactInput, update: ContactInput },
      // The path names the group the list is scoped to.
      list: { orderings: CONTACT_ORDERINGS },
      // A second primary contact written at the same moment: 409 conflict.
      conflicts: ['create', 'update'],
      // The spec answers a deleted contact with its body.
      deleteAnswersRecord: true,
      handlers: {
        list: (ctx, query) => this.listContacts.execute(actorOf(ctx), groupPathOf(ctx), query),
        create: (ctx, input) => this.createContact.execute(actorOf(ctx), groupPathOf(ctx), input as NewContactInput),
        get: (ctx) => this.getContact.execute(actorOf(ctx), contactPathOf(ctx)),
        update: (ctx, changes) => this.updateContact.execute(actorOf(ctx), contactPathOf(ctx), changes),
        delete: (ctx) => this.deleteContact.execute(actorOf(ctx), contactPathOf(ctx)),
      },
    });
  }
}
