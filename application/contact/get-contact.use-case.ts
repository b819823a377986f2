import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { ContactGroupAccess, ContactPath } from './contact-group-access';
import { ContactView, ContactViews } from './contact-views';

/** Any member reads a contact, through its own group only. */
@injectable()
export class GetContact {
  constructor(
    @inject(ContactGroupAccess) private readonly access: ContactGroupAccess,
    @inject(ContactViews) private readonly views: ContactViews,
  ) {}

  async execute(actor: Actor, path: ContactPath): Promise<ContactView> {
    const grant = await this.access.group(actor, path, 'contacts.view');
    return this.views.contact(grant, await this.access.contact(grant, path.contactUniqueId));
  }
}
