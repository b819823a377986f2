import { inject, injectable } from 'inversify';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { VENDOR_IN_USE, VendorFilters, VendorOrderingField, VendorRepository } from '../../../../application/supplier/vendor.ports';
import { Vendor } from '../../../../domain/supplier/vendor';
import { TypeOrmDatabase } from '../database';
import { OrganisationRecords } from '../organisation-records';
import { searchCondition } from '../search-index';
import { Conditions } from '../sql';
import { VendorMapper } from './vendor.mapper';
import { VendorRow } from './vendor.schema';

/** An expense that names the vendor through a foreign key makes its deletion an `InUse`. */
@injectable()
export class TypeOrmVendorRepository
  extends OrganisationRecords<VendorRow, Vendor, VendorFilters, VendorOrderingField>
  implements VendorRepository
{
  protected readonly table = {
    entity: 'Vendor',
    mapper: new VendorMapper(this.box),
    model: 'vendor',
    inUse: VENDOR_IN_USE,
    counted: true,
    unread: ['name_key', 'website_key'],
    sortKeys: {
      name: { column: 'name_key' },
      vendorStatus: { column: 'vendor_status' },
      qualityRating: { column: 'quality_rating', nullable: true },
      lastContactDate: { column: 'last_contact_date', nullable: true },
      dateCreated: { column: 'date_created' },
    },
  };

  constructor(
    @inject(TypeOrmDatabase) db: TypeOrmDatabase,
    @inject(SHARED_TOKENS.SecretBox) private readonly box: SecretBox,
  ) {
    super(db);
  }

  protected override filtered(query: Conditions, filters: VendorFilters): Conditions {
    const equal = { vendor_category: filters.category, entity_type: filters.entityType, industry: filters.industry, vendor_status: filters.status };
    for (const [column, value] of Object.entries(equal)) {
      if (value !== undefined) query.andWhere(`r.${column} = :${column}`, { [column]: value });
    }
    if (filters.search !== undefined) searchCondition(this.db.dialect, query, 'vendors', filters.search, 'search');
    return query;
  }
}
