import { ContactFilters, ContactOrderingField, ContactRepository } from '../../../application/contact/contact.ports';
import { Contact, ContactSnapshot } from '../../../domain/contact/contact';
import { ContactGroup } from '../../../domain/contact/contact-group';
import { ConcurrentModification } from '../../../domain/shared/errors';
import { searchKey } from '../search-key';
import { InMemoryRecords } from './in-memory-records';

export class InMemoryContactRepository
  extends InMemoryRecords<ContactSnapshot, Contact, ContactFilters, ContactOrderingField>
  implements ContactRepository
{
  protected readonly collection = {
    restore: Contact.restore,
    model: 'contact',
    sortKeys: {
      firstName: (s: ContactSnapshot) => searchKey(s.firstName),
      // A missing last name sorts as an empty one, as the TypeORM adapter stores its key.
      lastName: (s: ContactSnapshot) => searchKey(s.lastName ?? ''),
      dateCreated: (s: ContactSnapshot) => s.dateCreated.getTime(),
    },
  };

  async findInGroup(group: ContactGroup, uniqueId: string): Promise<Contact | null> {
    const contact = await this.findByUniqueId(group.organisationId, uniqueId);
    return contact?.groupId === group.id ? contact : null;
  }

  async countByGroup(organisationId: string, groupIds: string[]): Promise<Map<string, number>> {
    const rows = this.of(organisationId);
    return new Map(groupIds.map((id) => [id, rows.filter((s) => s.groupId === id).length]));
  }

  async primariesSharingSlotWith(contact: Contact): Promise<Contact[]> {
    return this.of(contact.organisationId)
      .map(Contact.restore)
      .filter((other) => other.isPrimary && contact.sharesPrimarySlotWith(other));
  }

  /** A second primary in a slot is refused as the TypeORM adapter's unique index refuses it. */
  override async save(contact: Contact): Promise<void> {
    if (contact.isPrimary && (await this.primariesSharingSlotWith(contact)).length > 0) throw new ConcurrentModification();
    await super.save(contact);
  }

  protected override matches(s: ContactSnapshot, filters: ContactFilters): boolean {
    return s.groupId === filters.groupId;
  }
}
