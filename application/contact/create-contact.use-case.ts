import { inject, injectable } from 'inversify';
import { Contact, ContactChanges } from '../../domain/contact/contact';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { newUniqueId } from '../shared/records';
import { ContactGroupAccess, GroupPath } from './contact-group-access';
import { CONTACT_TOKENS, ContactRepository } from './contact.ports';
import { ContactView, ContactViews } from './contact-views';
import { PrimaryContactWriter } from './primary-contact-writer';
import { EVENT_TOKENS, RecordEvents } from '../webhook/record-events';

export type NewContact = ContactChanges & { firstName: string };

/** Any member adds a contact to a group; the caller is its creator. */
@injectable()
export class CreateContact {
  constructor(
    @inject(ContactGroupAccess) private readonly access: ContactGroupAccess,
    @inject(CONTACT_TOKENS.ContactRepository) private readonly contacts: ContactRepository,
    @inject(PrimaryContactWriter) private readonly writer: PrimaryContactWriter,
    @inject(ContactViews) private readonly views: ContactViews,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(EVENT_TOKENS.RecordEvents) private readonly events: RecordEvents,
  ) {}

  async execute(actor: Actor, path: GroupPath, command: NewContact): Promise<ContactView> {
    return this.unitOfWork.transaction(async () => {
      const grant = await this.access.groupForUpdate(actor, path, 'contacts.create');
      const existing = (uid: string) => this.contacts.findByUniqueId(grant.organisation.id, uid);
      const uniqueId = await newUniqueId(command.uniqueId, this.ids, existing, 'contact');
      const now = this.clock.now();
      const contact = Contact.create(
        Object.assign({}, command, {
          id: this.ids.next(),
          uniqueId,
          group: grant.group,
          createdById: actor.personId,
          now,
        }),
      );
      await this.writer.save(contact, now);
      const view = await this.views.contact(grant, contact);
      await this.events.publish({ organisation: grant.organisation, type: 'contact.created', recordId: contact.id, subject: { model: 'contact', view } });
      return view;
    });
  }
}
