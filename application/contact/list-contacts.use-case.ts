import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { Ordering, Page, PageRequest } from '../shared/page';
import { ContactGroupAccess, GroupPath } from './contact-group-access';
import { CONTACT_TOKENS, ContactOrderField, ContactRepository } from './contact.ports';
import { ContactView, ContactViews } from './contact-views';

/** Any member lists the contacts of one group, one page at a time. */
@injectable()
export class ListContacts {
  constructor(
    @inject(ContactGroupAccess) private readonly access: ContactGroupAccess,
    @inject(CONTACT_TOKENS.ContactRepository) private readonly contacts: ContactRepository,
    @inject(ContactViews) private readonly views: ContactViews,
  ) {}

  async execute(
    actor: Actor,
    path: GroupPath,
    page: PageRequest,
    ordering: Ordering<ContactOrderField>,
  ): Promise<Page<ContactView>> {
    const grant = await this.access.group(actor, path, 'contacts.list');
    const { items, total } = await this.contacts.listInGroup(grant.group, page, ordering);
    return { items: await this.views.contactsOf(grant, items), total };
  }
}
