import {
  ContactGroupListQuery,
  ContactGroupOrderingField,
  ContactGroupRepository,
  ContactListQuery,
  ContactOrderingField,
  ContactRepository,
} from '../../../application/contact/contact.ports';
import { Page } from '../../../application/shared/page';
import { Contact, ContactSnapshot } from '../../../domain/contact/contact';
import { ContactGroup, ContactGroupSnapshot } from '../../../domain/contact/contact-group';
import { ConcurrentModification } from '../../../domain/shared/errors';
import { searchKey } from '../search-key';
import { InMemoryRecords, SortValue } from './in-memory-records';

const GROUP_SORT_KEYS: Record<ContactGroupOrderingField, (s: ContactGroupSnapshot) => SortValue> = {
  name: (s) => searchKey(s.name),
  dateCreated: (s) => s.dateCreated.getTime(),
};

const CONTACT_SORT_KEYS: Record<ContactOrderingField, (s: ContactSnapshot) => SortValue> = {
  firstName: (s) => searchKey(s.firstName),
  // A missing last name sorts as an empty one, as the TypeORM adapter stores its key.
  lastName: (s) => searchKey(s.lastName ?? ''),
  dateCreated: (s) => s.dateCreated.getTime(),
};

export class InMemoryContactGroupRepository implements ContactGroupRepository {
  private readonly records = new InMemoryRecords<ContactGroupSnapshot, ContactGroup>(ContactGroup.restore, 'contact group');

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<ContactGroup | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  /** Process memory has no row locks; transactions run one at a time (InMemoryUnitOfWork). */
  async findForUpdate(organisationId: string, uniqueId: string): Promise<ContactGroup | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  async list(organisationId: string, query: ContactGroupListQuery): Promise<Page<ContactGroup>> {
    const { field, descending } = query.ordering;
    return this.records.page(this.records.of(organisationId), GROUP_SORT_KEYS[field], descending, query.page);
  }

  async save(group: ContactGroup): Promise<void> {
    this.records.save(group);
  }

  async delete(group: ContactGroup): Promise<void> {
    this.records.delete(group.id);
  }
}

export class InMemoryContactRepository implements ContactRepository {
  private readonly records = new InMemoryRecords<ContactSnapshot, Contact>(Contact.restore, 'contact');

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<Contact | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  async findInGroup(group: ContactGroup, uniqueId: string): Promise<Contact | null> {
    const contact = this.records.findByUniqueId(group.organisationId, uniqueId);
    return contact?.groupId === group.id ? contact : null;
  }

  async list(organisationId: string, query: ContactListQuery): Promise<Page<Contact>> {
    const { field, descending } = query.ordering;
    const rows = this.records.of(organisationId).filter((s) => s.groupId === query.filters.groupId);
    return this.records.page(rows, CONTACT_SORT_KEYS[field], descending, query.page);
  }

  async countByGroup(organisationId: string, groupIds: string[]): Promise<Map<string, number>> {
    const rows = this.records.of(organisationId);
    return new Map(groupIds.map((id) => [id, rows.filter((s) => s.groupId === id).length]));
  }

  async primariesSharingSlotWith(contact: Contact): Promise<Contact[]> {
    return this.records
      .of(contact.organisationId)
      .map(Contact.restore)
      .filter((other) => other.isPrimary && contact.sharesPrimarySlotWith(other));
  }

  /** A second primary in a slot is refused as the TypeORM adapter's unique index refuses it. */
  async save(contact: Contact): Promise<void> {
    if (contact.isPrimary && (await this.primariesSharingSlotWith(contact)).length > 0) throw new ConcurrentModification();
    this.records.save(contact);
  }

  async delete(contact: Contact): Promise<void> {
    this.records.delete(contact.id);
  }
}
