import { inject, injectable } from 'inversify';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import {
  ContactGroupListQuery,
  ContactGroupOrderingField,
  ContactGroupRepository,
} from '../../../../application/contact/contact.ports';
import { Page } from '../../../../application/shared/page';
import { CONTACT_GROUP_IN_USE, ContactGroup } from '../../../../domain/contact/contact-group';
import { TypeOrmDatabase } from '../database';
import { OrganisationRecords, SortKey } from '../organisation-records';
import { contactGroupMapper } from './contact.mapper';
import { ContactGroupRow } from './contact.schema';

const SORT_KEYS: Record<ContactGroupOrderingField, SortKey> = {
  name: { column: 'name_key' },
  dateCreated: { column: 'date_created' },
};

@injectable()
export class TypeOrmContactGroupRepository implements ContactGroupRepository {
  private readonly records: OrganisationRecords<ContactGroupRow, ContactGroup>;

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase) {
    this.records = new OrganisationRecords(db, 'ContactGroup', contactGroupMapper, {
      model: 'contact group',
      inUse: CONTACT_GROUP_IN_USE,
    });
  }

  findByUniqueId(organisationId: string, uniqueId: string): Promise<ContactGroup | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  findForUpdate(organisationId: string, uniqueId: string): Promise<ContactGroup | null> {
    return this.records.findByUniqueId(organisationId, uniqueId, { forUpdate: true });
  }

  list(organisationId: string, query: ContactGroupListQuery): Promise<Page<ContactGroup>> {
    const { field, descending } = query.ordering;
    return this.records.page((m) => this.records.select(m, organisationId), SORT_KEYS[field], descending, query.page);
  }

  /** The SQL of one page exactly as `list` runs it, for reading its query plan. */
  pageQuery(m: EntityManager, organisationId: string, query: ContactGroupListQuery): SelectQueryBuilder<ContactGroupRow> {
    const { field, descending } = query.ordering;
    return this.records.paged(this.records.select(m, organisationId), SORT_KEYS[field], descending, query.page);
  }

  save(group: ContactGroup): Promise<void> {
    return this.records.save(group);
  }

  /** The use case refuses a group that holds contacts; the foreign key refuses one that gained a contact meanwhile. */
  delete(group: ContactGroup): Promise<void> {
    return this.records.delete(group.id);
  }
}
