import { Contact } from '../../domain/contact/contact';
import { ContactGroup } from '../../domain/contact/contact-group';
import { RecordRepository } from '../records/record.ports';
import { ListQuery, Page } from '../shared/page';

/** Contacts are listed one group at a time: the group (its internal id) scopes the list. */
export interface ContactFilters {
  groupId: string;
}

export type ContactOrderingField = 'firstName' | 'lastName' | 'dateCreated';
export type ContactListQuery = ListQuery<ContactFilters, ContactOrderingField>;

/**
 * Contact groups, a declared kind: a group that still holds contacts is
 * `InUse` where the storage guards it (a foreign key); its kind checks first.
 */
export type ContactGroupRepository = RecordRepository<ContactGroup>;

export interface ContactRepository {
  /** In any group of the organisation: unique_ids are unique across the organisation's contacts. */
  findByUniqueId(organisationId: string, uniqueId: string): Promise<Contact | null>;
  /** Only within its group: a contact asked for under another group is not found. */
  findInGroup(group: ContactGroup, uniqueId: string): Promise<Contact | null>;
  /** Text fields sort case-insensitively, a missing last name as empty; ties go by id, so pages are stable. */
  list(organisationId: string, query: ContactListQuery): Promise<Page<Contact>>;
  /** How many contacts each of the organisation's groups holds; a group without any is absent or 0. */
  countByGroup(organisationId: string, groupIds: string[]): Promise<Map<string, number>>;
  /** The primary contacts, `contact` aside, that hold the primary slot of `contact`. */
  primariesSharingSlotWith(contact: Contact): Promise<Contact[]>;
  /**
   * Duplicate unique_id in the organisation: `ValidationFailed` on `unique_id`.
   * A second primary in one slot: `ConcurrentModification` (the storage's own
   * guard; callers demote the others first, see `PrimaryContactWriter`).
   */
  save(contact: Contact): Promise<void>;
  delete(contact: Contact): Promise<void>;
}

export const CONTACT_TOKENS = {
  ContactGroupRepository: Symbol.for('ContactGroupRepository'),
  ContactRepository: Symbol.for('ContactRepository'),
} as const;
