import { inject, injectable } from 'inversify';
import { Contact } from '../../domain/contact/contact';
import { primaryContactsToDemote } from '../../domain/contact/primary-contact';
import { CONTACT_TOKENS, ContactRepository } from './contact.ports';

/**
 * Saves a created or changed contact under the primary-contact rule: when it
 * is primary, the others of its slot are demoted first (the storage refuses
 * two primaries in one slot even for a moment). Callers run it inside their
 * transaction, holding the group's lock, so that two requests making two
 * contacts primary at once end with one primary: the later one.
 */
@injectable()
export class PrimaryContactWriter {
  constructor(@inject(CONTACT_TOKENS.ContactRepository) private readonly contacts: ContactRepository) {}

  async save(contact: Contact, now: Date): Promise<void> {
    const siblings = contact.isPrimary ? await this.contacts.primariesSharingSlotWith(contact) : [];
    for (const sibling of primaryContactsToDemote(contact, siblings)) {
      sibling.demoteFromPrimary(now);
      await this.contacts.save(sibling);
    }
    await this.contacts.save(contact);
  }
}
