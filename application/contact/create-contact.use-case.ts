import { inject, injectable } from 'inversify';
import { Contact, ContactChanges } from '../../domain/contact/contact';
import { ValidationFailed } from '../../domain/shared/errors';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { ContactGroupAccess, GroupPath } from './contact-group-access';
import { CONTACT_TOKENS, ContactRepository, DUPLICATE_CONTACT_UNIQUE_ID } from './contact.ports';
import { ContactView, ContactViews } from './contact-views';
import { PrimaryContactWriter } from './primary-contact-writer';

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
  ) {}

  async execute(actor: Actor, path: GroupPath, command: NewContact): Promise<ContactView> {
    const { grant, contact } = await this.unitOfWork.transaction(async () => {
      const grant = await this.access.groupForUpdate(actor, path, 'contacts.create');
      const uniqueId = command.uniqueId ?? this.ids.next();
      if (command.uniqueId !== undefined && (await this.contacts.existsWithUniqueId(grant.organisation.id, uniqueId))) {
        throw ValidationFailed.field('unique_id', DUPLICATE_CONTACT_UNIQUE_ID);
      }
      const now = this.clock.now();
      const contact = Contact.create({
        ...command,
        id: this.ids.next(),
        uniqueId,
        group: grant.group,
        createdById: actor.personId,
        now,
      });
      await this.writer.save(contact, now);
      return { grant, contact };
    });
    return this.views.contact(grant, contact);
  }
}
