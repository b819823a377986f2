import { Page } from '../../../application/shared/page';
import {
  VendorListQuery,
  VendorOrderingField,
  VendorRepository,
} from '../../../application/vendor/vendor.ports';
import { Vendor, VendorSnapshot } from '../../../domain/vendor/vendor';
import { searchKey } from '../search-key';
import { contains, InMemoryRecords, SortValue } from './in-memory-records';

const SORT_KEYS: Record<VendorOrderingField, (s: VendorSnapshot) => SortValue> = {
  name: (s) => searchKey(s.name),
  vendorStatus: (s) => s.vendorStatus,
  qualityRating: (s) => s.qualityRating?.toUnits(2) ?? null,
  lastContactDate: (s) => s.lastContactDate?.toString() ?? null,
  dateCreated: (s) => s.dateCreated.getTime(),
};

export class InMemoryVendorRepository implements VendorRepository {
  private readonly records = new InMemoryRecords<VendorSnapshot, Vendor>(Vendor.restore, 'vendor');

  async findByUniqueId(organisationId: string, uniqueId: string): Promise<Vendor | null> {
    return this.records.findByUniqueId(organisationId, uniqueId);
  }

  async findByIds(organisationId: string, ids: string[]): Promise<Vendor[]> {
    return this.records.findByIds(organisationId, ids);
  }

  async list(organisationId: string, query: VendorListQuery): Promise<Page<Vendor>> {
    const { category, entityType, industry, search, status } = query.filters;
    const rows = this.records
      .of(organisationId)
      .filter((s) => category === undefined || s.vendorCategory === category)
      .filter((s) => entityType === undefined || s.entityType === entityType)
      .filter((s) => industry === undefined || s.industry === industry)
      .filter((s) => status === undefined || s.vendorStatus === status)
      .filter((s) => search === undefined || contains(search, s.name, s.website));
    return this.records.page(rows, SORT_KEYS[query.ordering.field], query.ordering.descending, query.page);
  }

  async save(vendor: Vendor): Promise<void> {
    this.records.save(vendor);
  }

  async delete(vendor: Vendor): Promise<void> {
    this.records.delete(vendor.id);
  }
}
