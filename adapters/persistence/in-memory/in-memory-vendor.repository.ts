import { VendorFilters, VendorOrderingField, VendorRepository } from '../../../application/supplier/vendor.ports';
import { Vendor, VendorSnapshot } from '../../../domain/supplier/vendor';
import { searchKey } from '../search-key';
import { contains, InMemoryRecords } from './in-memory-records';

export class InMemoryVendorRepository
  extends InMemoryRecords<VendorSnapshot, Vendor, VendorFilters, VendorOrderingField>
  implements VendorRepository
{
  protected readonly collection = {
    restore: Vendor.restore,
    model: 'vendor',
    sortKeys: {
      name: (s: VendorSnapshot) => searchKey(s.name),
      vendorStatus: (s: VendorSnapshot) => s.vendorStatus,
      qualityRating: (s: VendorSnapshot) => s.qualityRating?.toUnits(2) ?? null,
      lastContactDate: (s: VendorSnapshot) => s.lastContactDate?.toString() ?? null,
      dateCreated: (s: VendorSnapshot) => s.dateCreated.getTime(),
    },
  };

  protected override matches(s: VendorSnapshot, filters: VendorFilters): boolean {
    const { category, entityType, industry, search, status } = filters;
    return (
      (category === undefined || s.vendorCategory === category) &&
      (entityType === undefined || s.entityType === entityType) &&
      (industry === undefined || s.industry === industry) &&
      (status === undefined || s.vendorStatus === status) &&
      (search === undefined || contains(search, s.name, s.website))
    );
  }
}
