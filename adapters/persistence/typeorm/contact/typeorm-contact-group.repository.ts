import { inject, injectable } from 'inversify';
import {
  ContactGroupOrderField,
  ContactGroupRepository,
  DUPLICATE_GROUP_UNIQUE_ID,
} from '../../../../application/contact/contact.ports';
import { Ordering, Page, PageRequest } from '../../../../application/shared/page';
import { ContactGroup } from '../../../../domain/contact/contact-group';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { isUniqueViolation, TypeOrmDatabase } from '../database';
import { orderedPage, SortColumn } from '../ordered-page';
import { contactGroupMapper } from './contact.mapper';
import { ContactGroupRow } from './contact.schema';

const SORT_COLUMNS: Record<ContactGroupOrderField, SortColumn> = {
  name: { column: 'name', text: true },
  dateCreated: { column: 'date_created' },
};

@injectable()
export class TypeOrmContactGroupRepository implements ContactGroupRepository {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<ContactGroup | null> {
    const row = await this.db.run((m) =>
      m.getRepository<ContactGroupRow>('ContactGroup').findOneBy({ organisation_id: organisationId, unique_id: uniqueId }),
    );
    return row ? contactGroupMapper.toDomain(row) : null;
  }

  async findForUpdate(organisationId: string, uniqueId: string): Promise<ContactGroup | null> {
    const row = await this.db.run((m) =>
      m.getRepository<ContactGroupRow>('ContactGroup').findOne({
        where: { organisation_id: organisationId, unique_id: uniqueId },
        lock: this.db.lockForUpdate,
      }),
    );
    return row ? contactGroupMapper.toDomain(row) : null;
  }

  existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean> {
    return this.db.run((m) =>
      m.getRepository<ContactGroupRow>('ContactGroup').existsBy({ organisation_id: organisationId, unique_id: uniqueId }),
    );
  }

  async list(
    organisationId: string,
    page: PageRequest,
    ordering: Ordering<ContactGroupOrderField>,
  ): Promise<Page<ContactGroup>> {
    const { items, total } = await this.db.run((m) =>
      orderedPage(
        m.getRepository<ContactGroupRow>('ContactGroup').createQueryBuilder('g').where({ organisation_id: organisationId }),
        SORT_COLUMNS[ordering.field],
        ordering.descending,
        page,
      ),
    );
    return { items: items.map(contactGroupMapper.toDomain), total };
  }

  async save(group: ContactGroup): Promise<void> {
    try {
      await this.db.run((m) => m.getRepository<ContactGroupRow>('ContactGroup').save(contactGroupMapper.toPersistence(group)));
    } catch (error) {
      if (isUniqueViolation(error, 'unique_id')) throw ValidationFailed.field('unique_id', DUPLICATE_GROUP_UNIQUE_ID);
      throw error;
    }
  }

  async delete(group: ContactGroup): Promise<void> {
    await this.db.run((m) => m.getRepository<ContactGroupRow>('ContactGroup').delete({ id: group.id }));
  }
}
