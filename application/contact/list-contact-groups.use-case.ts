import { inject, injectable } from 'inversify';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Page } from '../shared/page';
import { CONTACT_TOKENS, ContactGroupListQuery, ContactGroupRepository } from './contact.ports';
import { ContactGroupView, ContactViews } from './contact-views';

/** Any member lists the organisation's contact groups, one page at a time. */
@injectable()
export class ListContactGroups {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(CONTACT_TOKENS.ContactGroupRepository) private readonly groups: ContactGroupRepository,
    @inject(ContactViews) private readonly views: ContactViews,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, query: ContactGroupListQuery): Promise<Page<ContactGroupView>> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'contact_groups.list');
    const { items, total } = await this.groups.list(organisation.id, query);
    return { items: await this.views.groups(organisation, items), total };
  }
}
