import { inject, injectable } from 'inversify';
import { In } from 'typeorm';
import {
  ContactOrderField,
  ContactRepository,
  DUPLICATE_CONTACT_UNIQUE_ID,
} from '../../../../application/contact/contact.ports';
import { Ordering, Page, PageRequest } from '../../../../application/shared/page';
import { Contact } from '../../../../domain/contact/contact';
import { ContactGroup } from '../../../../domain/contact/contact-group';
import { ConcurrentModification, ValidationFailed } from '../../../../domain/shared/errors';
import { isUniqueViolation, TypeOrmDatabase } from '../database';
import { orderedPage, SortColumn } from '../ordered-page';
import { contactMapper } from './contact.mapper';
import { ContactRow } from './contact.schema';

const SORT_COLUMNS: Record<ContactOrderField, SortColumn> = {
  firstName: { column: 'first_name', text: true },
  lastName: { column: 'last_name', text: true },
  dateCreated: { column: 'date_created' },
};

@injectable()
export class TypeOrmContactRepository implements ContactRepository {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async findInGroup(group: ContactGroup, uniqueId: string): Promise<Contact | null> {
    const row = await this.db.run((m) =>
      m
        .getRepository<ContactRow>('Contact')
        .findOneBy({ organisation_id: group.organisationId, unique_id: uniqueId, group_id: group.id }),
    );
    return row ? contactMapper.toDomain(row) : null;
  }

  existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.db.run((m) =>
      m.getRepository<ContactRow>('Contact').existsBy({ organisation_id: organisationId, unique_id: uniqueId }),
    );
  }

  async listInGroup(group: ContactGroup, page: PageRequest, ordering: Ordering<ContactOrderField>): Promise<Page<Contact>> {
    const { items, total } = await this.db.run((m) =>
      orderedPage(
        m
          .getRepository<ContactRow>('Contact')
          .createQueryBuilder('c')
          .where({ organisation_id: group.organisationId, group_id: group.id }),
        SORT_COLUMNS[ordering.field],
        ordering.descending,
        page,
      ),
    );
    return { items: items.map(contactMapper.toDomain), total };
  }

  async countByGroup(groupIds: string[]): Promise<Map<string, number>> {
    if (groupIds.length === 0) return new Map();
    const rows = await this.db.run((m) =>
      m
        .getRepository<ContactRow>('Contact')
        .createQueryBuilder('c')
        .select('c.group_id', 'group_id')
        .addSelect('COUNT(*)', 'count')
        .where({ group_id: In(groupIds) })
        .groupBy('c.group_id')
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

  async save(contact: Contact): Promise<void> {
    try {
      await this.db.run((m) => m.getRepository<ContactRow>('Contact').save(contactMapper.toPersistence(contact)));
    } catch (error) {
      // The slot first: Postgres quotes the key's values, and an entity id is free text that may read "unique_id".
      if (isUniqueViolation(error, 'slot_entity_id')) throw new ConcurrentModification();
      if (isUniqueViolation(error, 'unique_id')) throw ValidationFailed.field('unique_id', DUPLICATE_CONTACT_UNIQUE_ID);
      throw error;
    }
  }

  async delete(contact: Contact): Promise<void> {
    await this.db.run((m) => m.getRepository<ContactRow>('Contact').delete({ id: contact.id }));
  }
}
