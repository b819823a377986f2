import { Contact } from '../../domain/contact/contact';
import { ContactGroup } from '../../domain/contact/contact-group';
import { RecordRepository } from '../records/record.ports';

/**
 * Contact groups, a declared kind: a group that still holds contacts is
 * `InUse` where the storage guards it (a foreign key); its kind checks first.
 */
export type ContactGroupRepository = RecordRepository<ContactGroup>;

/**
 * Contacts, a declared kind listed within their group. A second primary in one
 * slot is `ConcurrentModification` on `save` (the storage's own guard; the
 * kind demotes the others first, see contact.kind.ts).
 */
export interface ContactRepository extends RecordRepository<Contact> {
  /** How many contacts each of the organisation's groups holds; a group without any is absent or 0. */
  countByGroup(organisationId: string, groupIds: string[]): Promise<Map<string, number>>;
  /** The primary contacts, `contact` aside, that hold the primary slot of `contact`. */
  primariesSharingSlotWith(contact: Contact): Promise<Contact[]>;
}

export const CONTACT_TOKENS = {
  ContactGroupRepository: Symbol.for('ContactGroupRepository'),
  ContactRepository: Symbol.for('ContactRepository'),
} as const;
