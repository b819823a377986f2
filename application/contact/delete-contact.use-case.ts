import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { ContactGroupAccess, ContactPath } from './contact-group-access';
import { CONTACT_TOKENS, ContactRepository } from './contact.ports';
import { ContactView, ContactViews } from './contact-views';

/** Any member deletes a contact; the answer is the contact as it was (the spec lists a contact body). */
@injectable()
export class DeleteContact {
  constructor(
    @inject(ContactGroupAccess) private readonly access: ContactGroupAccess,
    @inject(CONTACT_TOKENS.ContactRepository) private readonly contacts: ContactRepository,
    @inject(ContactViews) private readonly views: ContactViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(actor: Actor, path: ContactPath): Promise<ContactView> {
    const { grant, contact } = await this.unitOfWork.transaction(async () => {
      const grant = await this.access.groupForUpdate(actor, path, 'contacts.delete');
      const contact = await this.access.contact(grant, path.contactUniqueId);
      await this.contacts.delete(contact);
      return { grant, contact };
    });
    return this.views.contact(grant, contact);
  }
}
