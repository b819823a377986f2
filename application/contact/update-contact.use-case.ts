import { inject, injectable } from 'inversify';
import { ContactChanges } from '../../domain/contact/contact';
import { Actor } from '../shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { ContactGroupAccess, ContactPath } from './contact-group-access';
import { ContactView, ContactViews } from './contact-views';
import { PrimaryContactWriter } from './primary-contact-writer';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

/** Any member changes a contact (PUT and PATCH alike); making it primary demotes the others of its slot. */
@injectable()
export class UpdateContact {
  constructor(
    @inject(ContactGroupAccess) private readonly access: ContactGroupAccess,
    @inject(PrimaryContactWriter) private readonly writer: PrimaryContactWriter,
    @inject(ContactViews) private readonly views: ContactViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  async execute(actor: Actor, path: ContactPath, changes: ContactChanges): Promise<ContactView> {
    return this.unitOfWork.transaction(async () => {
      const grant = await this.access.groupForUpdate(actor, path, 'contacts.update');
      const contact = await this.access.contact(grant, path.contactUniqueId);
      const now = this.clock.now();
      contact.update(changes, now);
      await this.writer.save(contact, now);
      const view = await this.views.contact(grant, contact);
      await this.events.publish({ organisation: grant.organisation, type: 'contact.updated', recordId: contact.id, subject: { model: 'contact', view } });
      return view;
    });
  }
}
