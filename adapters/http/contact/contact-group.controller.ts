import { inject, injectable } from 'inversify';
import { CreateContactGroup } from '../../../application/contact/create-contact-group.use-case';
import { DeleteContactGroup } from '../../../application/contact/delete-contact-group.use-case';
import { GetContactGroup } from '../../../application/contact/get-contact-group.use-case';
import { ListContactGroups } from '../../../application/contact/list-contact-groups.use-case';
import { UpdateContactGroup } from '../../../application/contact/update-contact-group.use-case';
import { actorOf } from '../middleware/authentication';
import { HttpController } from '../shared/controller';
import { registerOrganisationResource } from '../shared/organisation-resource';
import { Routes } from '../shared/routes';
import { CONTACT_GROUPS, groupPathOf } from './contact-paths';
import { CONTACT_GROUP_ORDERINGS, ContactGroupInput, NewContactGroupInput } from './contact.dto';
import { CONTACT_GROUP_SCHEMA, presentContactGroup } from './contact.presenter';

/** `/api/v1.0/organisation/{uid}/contact-groups/…` (contract section 6). */
@injectable()
export class ContactGroupController implements HttpController {
  constructor(
    @inject(ListContactGroups) private readonly listGroups: ListContactGroups,
    @inject(CreateContactGroup) private readonly createGroup: CreateContactGroup,
    @inject(GetContactGroup) private readonly getGroup: GetContactGroup,
    @inject(UpdateContactGroup) private readonly updateGroup: UpdateContactGroup,
    @inject(DeleteContactGroup) private readonly deleteGroup: DeleteContactGroup,
  ) {}

  register(routes: Routes): void {
    registerOrganisationResource(routes, {
      names: { one: 'contact group', many: 'contact groups' },
      base: CONTACT_GROUPS,
      idParam: 'group',
      pattern: 'detail',
      schema: CONTACT_GROUP_SCHEMA,
      present: presentContactGroup,
      input: { create: ContactGroupInput, update: ContactGroupInput },
      list: { orderings: CONTACT_GROUP_ORDERINGS },
      // A group that still holds contacts: 409 in_use.
      conflicts: ['delete'],
      handlers: {
        // The group list has no filters.
        list: (ctx, query) => this.listGroups.execute(actorOf(ctx), ctx.params.org, { ...query, filters: {} }),
        create: (ctx, input) => this.createGroup.execute(actorOf(ctx), ctx.params.org, input as NewContactGroupInput),
        get: (ctx) => this.getGroup.execute(actorOf(ctx), groupPathOf(ctx)),
        update: (ctx, changes) => this.updateGroup.execute(actorOf(ctx), groupPathOf(ctx), changes),
        delete: (ctx) => this.deleteGroup.execute(actorOf(ctx), groupPathOf(ctx)),
      },
    });
  }
}
