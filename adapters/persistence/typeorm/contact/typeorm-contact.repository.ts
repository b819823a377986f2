import { inject, injectable } from 'inversify';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import {
  ContactFilters,
  ContactListQuery,
  ContactOrderingField,
  ContactRepository,
} from '../../../../application/contact/contact.ports';
import { Page } from '../../../../application/shared/page';
import { Contact } from '../../../../domain/contact/contact';
import { ContactGroup } from '../../../../domain/contact/contact-group';
import { TypeOrmDatabase } from '../database';
import { OrganisationRecords, SortKey } from '../organisation-records';
import { contactMapper } from './contact.mapper';
import { ContactRow } from './contact.schema';

const SORT_KEYS: Record<ContactOrderingField, SortKey> = {
  firstName: { column: 'first_name_key' },
  lastName: { column: 'last_name_key' },
  dateCreated: { column: 'date_created' },
};

@injectable()
export class TypeOrmContactRepository implements ContactRepository {
  private readonly records: OrganisationRecords<ContactRow, Contact>;

  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {
    // The primary slot's unique index is the storage's guard against two primaries written at once.
    this.records = new OrganisationRecords(db, 'Contact', contactMapper, { model: 'contact', raced: ['slot_entity_id'] });
  }

  findByUniqueId(organisationId: string, uniqueId: string): Promise<Contact | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  async findInGroup(group: ContactGroup, uniqueId: string): Promise<Contact | null> {
    const contact = await this.records.findByUniqueId(group.organisationId, uniqueId);
    return contact?.groupId === group.id ? contact : null;
  }

  list(organisationId: string, query: ContactListQuery): Promise<Page<Contact>> {
    const { field, descending } = query.ordering;
    return this.records.page((m) => this.filtered(m, organisationId, query.filters), SORT_KEYS[field], descending, query.page);
  }

  /** The SQL of one page exactly as `list` runs it, for reading its query plan. */
  pageQuery(m: EntityManager, organisationId: string, query: ContactListQuery): SelectQueryBuilder<ContactRow> {
    const { field, descending } = query.ordering;
    return this.records.paged(this.filtered(m, organisationId, query.filters), SORT_KEYS[field], descending, query.page);
  }

  async countByGroup(organisationId: string, groupIds: string[]): Promise<Map<string, number>> {
    if (groupIds.length === 0) return new Map();
    const rows = await this.db.run((m) =>
      this.records
        .select(m, organisationId)
        .andWhere('r.group_id IN (:...groupIds)', { groupIds })
        .select('r.group_id', 'group_id')
        .addSelect('COUNT(*)', 'count')
        .groupBy('r.group_id')
        .getRawMany<{ group_id: string; count: string | number | bigint }>(),
    );
    return new Map(rows.map((row) => [row.group_id, Number(row.count)]));
  }

  async primariesSharingSlotWith(contact: Contact): Promise<Contact[]> {
    const rows = await this.db.run((m) =>
      m.getRepository<ContactRow>('Contact').findBy({
        group_id: contact.groupId,
        entity_type: contact.entityType,
        slot_entity_id: contact.slotEntityId ?? '',
        primary_contact: true,
      }),
    );
    return rows.filter((row) => row.id !== contact.id).map(contactMapper.toDomain);
  }

  save(contact: Contact): Promise<void> {
    return this.records.save(contact);
  }

  delete(contact: Contact): Promise<void> {
    return this.records.delete(contact.id);
  }

  private filtered(m: EntityManager, organisationId: string, filters: ContactFilters): SelectQueryBuilder<ContactRow> {
    return this.records.select(m, organisationId).andWhere('r.group_id = :groupId', { groupId: filters.groupId });
  }
}
