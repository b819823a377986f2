import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { Page } from '../shared/page';
import { ContactGroupAccess, GroupPath } from './contact-group-access';
import { CONTACT_TOKENS, ContactListQuery, ContactRepository } from './contact.ports';
import { ContactView, ContactViews } from './contact-views';

/** The ordering and page of a contact list; the group it lists is named by the path. */
export type ContactListRequest = Omit<ContactListQuery, 'filters'>;

/** Any member lists the contacts of one group, one page at a time. */
@injectable()
export class ListContacts {
  constructor(
    @inject(ContactGroupAccess) private readonly access: ContactGroupAccess,
    @inject(CONTACT_TOKENS.ContactRepository) private readonly contacts: ContactRepository,
    @inject(ContactViews) private readonly views: ContactViews,
  ) {}

  async execute(actor: Actor, path: GroupPath, request: ContactListRequest): Promise<Page<ContactView>> {
    const grant = await this.access.group(actor, path, 'contacts.list');
    const query = { ordering: request.ordering, page: request.page, filters: { groupId: grant.group.id } };
    const { items, total } = await this.contacts.list(grant.organisation.id, query);
    return { items: await this.views.contactsOf(grant, items), total };
  }
}
