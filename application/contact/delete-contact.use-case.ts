import { inject, injectable } from 'inversify';
import { Actor } from '../shared/actor';
import { SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { ContactGroupAccess, ContactPath } from './contact-group-access';
import { CONTACT_TOKENS, ContactRepository } from './contact.ports';
import { ContactView, ContactViews } from './contact-views';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

/** Any member deletes a contact; the answer is the contact as it was (the spec lists a contact body). */
@injectable()
export class DeleteContact {
  constructor(
    @inject(ContactGroupAccess) private readonly access: ContactGroupAccess,
    @inject(CONTACT_TOKENS.ContactRepository) private readonly contacts: ContactRepository,
    @inject(ContactViews) private readonly views: ContactViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  async execute(actor: Actor, path: ContactPath): Promise<ContactView> {
    return this.unitOfWork.transaction(async () => {
      const grant = await this.access.groupForUpdate(actor, path, 'contacts.delete');
      const contact = await this.access.contact(grant, path.contactUniqueId);
      const view = await this.views.contact(grant, contact);
      await this.contacts.delete(contact);
      await this.events.publish({ organisation: grant.organisation, type: 'contact.deleted', recordId: contact.id, subject: { model: 'contact', view } });
      return view;
    });
  }
}
