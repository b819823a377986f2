import { inject, injectable } from 'inversify';
import { ContactFilters, ContactOrderingField, ContactRepository } from '../../../../application/contact/contact.ports';
import { Contact } from '../../../../domain/contact/contact';
import { ContactGroup } from '../../../../domain/contact/contact-group';
import { Conditions, TypeOrmDatabase } from '../engine';
import { OrganisationRecords } from '../organisation-records';
import { contactMapper } from './contact.mapper';
import { ContactRow } from './contact.schema';

/** Contacts, listed within their group (the group is the list's filter). */
@injectable()
export class TypeOrmContactRepository
  extends OrganisationRecords<ContactRow, Contact, ContactFilters, ContactOrderingField>
  implements ContactRepository
{
  protected readonly table = {
    entity: 'Contact',
    mapper: contactMapper,
    model: 'contact',
    // The primary slot's unique index is the storage's guard against two primaries written at once.
    raced: ['slot_entity_id'],
    sortKeys: {
      firstName: { column: 'first_name_key' },
      lastName: { column: 'last_name_key' },
      dateCreated: { column: 'date_created' },
    },
  };

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase) {
    super(db);
  }

  async findInGroup(group: ContactGroup, uniqueId: string): Promise<Contact | null> {
    const contact = await this.findByUniqueId(group.organisationId, uniqueId);
    return contact?.groupId === group.id ? contact : null;
  }

  async countByGroup(organisationId: string, groupIds: string[]): Promise<Map<string, number>> {
    if (groupIds.length === 0) return new Map();
    const query = this.db.sql(
      `SELECT r.group_id AS group_id, COUNT(*) AS count FROM ${this.tableName} r ` +
        'WHERE r.organisation_id = :organisationId AND r.group_id IN (:...groupIds) GROUP BY r.group_id',
      { organisationId, groupIds },
    );
    const [rows] = await this.db.select([query]);
    return new Map(rows.map((row) => [String(row.group_id), Number(row.count)]));
  }

  async primariesSharingSlotWith(contact: Contact): Promise<Contact[]> {
    const rows = await this.db.run((m) =>
      this.repository(m).findBy({
        group_id: contact.groupId,
        entity_type: contact.entityType,
        slot_entity_id: contact.slotEntityId ?? '',
        primary_contact: true,
      }),
    );
    return rows.filter((row) => row.id !== contact.id).map((row) => this.restored(row));
  }

  protected override filtered(query: Conditions, filters: ContactFilters): Conditions {
    return query.andWhere('r.group_id = :groupId', { groupId: filters.groupId });
  }
}
