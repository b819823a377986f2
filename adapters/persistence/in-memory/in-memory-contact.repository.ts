import { ContactRepository } from '../../../application/contact/contact.ports';
import { Contact, ContactSnapshot } from '../../../domain/contact/contact';
import { ConcurrentModification } from '../../../domain/shared/errors';
import { CONTACT_DECLARATION } from '../../declaration/contact/contact.declaration';
import { InMemoryDeclaredRecords } from './in-memory-declared-records';

/** The in-memory twin of `TypeOrmContactRepository`. */
export class InMemoryContactRepository extends InMemoryDeclaredRecords<Contact> implements ContactRepository {
  constructor() {
    super(CONTACT_DECLARATION);
  }

  async countByGroup(organisationId: string, groupIds: string[]): Promise<Map<string, number>> {
    const rows = this.of(organisationId) as ContactSnapshot[];
    return new Map(groupIds.map((id) => [id, rows.filter((s) => s.groupId === id).length]));
  }

  async primariesSharingSlotWith(contact: Contact): Promise<Contact[]> {
    return (this.of(contact.organisationId) as ContactSnapshot[])
      .map(Contact.restore)
      .filter((other) => other.isPrimary && contact.sharesPrimarySlotWith(other));
  }

  /** A second primary in a slot is refused as the TypeORM adapter's unique index refuses it. */
  override async save(contact: Contact): Promise<void> {
    if (contact.isPrimary && (await this.primariesSharingSlotWith(contact)).length > 0) throw new ConcurrentModification();
    await super.save(contact);
  }
}
