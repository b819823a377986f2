import { Contact } from '../../domain/contact/contact';
import { ContactGroup } from '../../domain/contact/contact-group';
import { Ordering, Page, PageRequest } from '../shared/page';

export type ContactGroupOrderField = 'name' | 'dateCreated';
export type ContactOrderField = 'firstName' | 'lastName' | 'dateCreated';

export interface ContactGroupRepository {
  findByUniqueId(organisationId: string, uniqueId: string): Promise<ContactGroup | null>;
  /**
   * The same, locked until the current transaction ends: every write to a
   * group or to its contacts takes this lock first, so that they take turns.
   */
  findForUpdate(organisationId: string, uniqueId: string): Promise<ContactGroup | null>;
  existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean>;
  /** Text fields sort case-insensitively, a missing text as empty; ties go by id, so pages are stable. */
  list(organisationId: string, page: PageRequest, ordering: Ordering<ContactGroupOrderField>): Promise<Page<ContactGroup>>;
  /** Duplicate unique_id in the organisation: `ValidationFailed` on `unique_id`. */
  save(group: ContactGroup): Promise<void>;
  delete(group: ContactGroup): Promise<void>;
}

export interface ContactRepository {
  /** Only within its group: a contact asked for under another group is not found. */
  findInGroup(group: ContactGroup, uniqueId: string): Promise<Contact | null>;
  existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean>;
  /** Text fields sort case-insensitively, a missing text as empty; ties go by id, so pages are stable. */
  listInGroup(group: ContactGroup, page: PageRequest, ordering: Ordering<ContactOrderField>): Promise<Page<Contact>>;
  /** How many contacts each group holds; a group without any is absent or 0. */
  countByGroup(groupIds: string[]): Promise<Map<string, number>>;
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

/** DRF's unique-validator messages, by model name. */
export const DUPLICATE_GROUP_UNIQUE_ID = 'contact group with this unique id already exists.';
export const DUPLICATE_CONTACT_UNIQUE_ID = 'contact with this unique id already exists.';

export const CONTACT_TOKENS = {
  ContactGroupRepository: Symbol.for('ContactGroupRepository'),
  ContactRepository: Symbol.for('ContactRepository'),
} as const;
