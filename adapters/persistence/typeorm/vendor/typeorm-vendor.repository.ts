import { inject, injectable } from 'inversify';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { Page } from '../../../../application/shared/page';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import {
  VENDOR_IN_USE,
  VendorFilters,
  VendorListQuery,
  VendorOrderingField,
  VendorRepository,
} from '../../../../application/vendor/vendor.ports';
import { Vendor } from '../../../../domain/vendor/vendor';
import { TypeOrmDatabase } from '../database';
import { containing, OrganisationRecords, SortKey } from '../organisation-records';
import { VendorMapper } from './vendor.mapper';
import { VendorRow } from './vendor.schema';

const SORT_KEYS: Record<VendorOrderingField, SortKey> = {
  name: { column: 'name_key' },
  vendorStatus: { column: 'vendor_status' },
  qualityRating: { column: 'quality_rating', nullable: true },
  lastContactDate: { column: 'last_contact_date', nullable: true },
  dateCreated: { column: 'date_created' },
};

@injectable()
export class TypeOrmVendorRepository implements VendorRepository {
  private readonly records: OrganisationRecords<VendorRow, Vendor>;

  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase, @inject(SHARED_TOKENS.SecretBox) box: SecretBox) {
    this.records = new OrganisationRecords(db, 'Vendor', new VendorMapper(box), { model: 'vendor', inUse: VENDOR_IN_USE });
  }

  findByUniqueId(organisationId: string, uniqueId: string): Promise<Vendor | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  findByIds(organisationId: string, ids: string[]): Promise<Vendor[]> {
    return this.records.findByIds(organisationId, ids);
  }

  list(organisationId: string, query: VendorListQuery): Promise<Page<Vendor>> {
    const { field, descending } = query.ordering;
    return this.records.page((m) => this.filtered(m, organisationId, query.filters), SORT_KEYS[field], descending, query.page);
  }

  /** The SQL of one page exactly as `list` runs it, for reading its query plan. */
  pageQuery(m: EntityManager, organisationId: string, query: VendorListQuery): SelectQueryBuilder<VendorRow> {
    const { field, descending } = query.ordering;
    return this.records.paged(this.filtered(m, organisationId, query.filters), SORT_KEYS[field], descending, query.page);
  }

  save(vendor: Vendor): Promise<void> {
    return this.records.save(vendor);
  }

  /** An expense that names the vendor through a foreign key also makes this an `InUse`. */
  delete(vendor: Vendor): Promise<void> {
    return this.records.delete(vendor.id);
  }

  private filtered(m: EntityManager, organisationId: string, filters: VendorFilters): SelectQueryBuilder<VendorRow> {
    const query = this.records.select(m, organisationId);
    const equal = { vendor_category: filters.category, entity_type: filters.entityType, industry: filters.industry, vendor_status: filters.status };
    for (const [column, value] of Object.entries(equal)) {
      if (value !== undefined) query.andWhere(`r.${column} = :${column}`, { [column]: value });
    }
    if (filters.search !== undefined) {
      query.andWhere("(r.name_key LIKE :search ESCAPE '\\' OR r.website_key LIKE :search ESCAPE '\\')", {
        search: containing(filters.search),
      });
    }
    return query;
  }
}
