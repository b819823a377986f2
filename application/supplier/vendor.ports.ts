import { BusinessCategory } from '../../domain/shared/enumerations';
import { Vendor, VendorCategory, VendorEntityType, VendorStatus } from '../../domain/supplier/vendor';
import { ListQuery, Page } from '../shared/page';

export interface VendorFilters {
  category?: VendorCategory;
  entityType?: VendorEntityType;
  industry?: BusinessCategory;
  /** Case-insensitive part of the name or the website. */
  search?: string;
  status?: VendorStatus;
}

export type VendorOrderingField = 'name' | 'vendorStatus' | 'qualityRating' | 'lastContactDate' | 'dateCreated';

export type VendorListQuery = ListQuery<VendorFilters, VendorOrderingField>;

export interface VendorRepository {
  /** `forUpdate` locks the row until the current transaction ends (writers that read, then write, use it). */
  findByUniqueId(organisationId: string, uniqueId: string, options?: { forUpdate?: boolean }): Promise<Vendor | null>;
  /** The organisation's vendors among `ids` (internal ids), in no particular order; for nested `{unique_id, name}`. */
  findByIds(organisationId: string, ids: string[]): Promise<Vendor[]>;
  list(organisationId: string, query: VendorListQuery): Promise<Page<Vendor>>;
  /** Adds or replaces; a unique_id already taken in the organisation is a 400 on `unique_id`. */
  save(vendor: Vendor): Promise<void>;
  /** Refuses (`InUse`) when the storage still holds a reference to the vendor. */
  delete(vendor: Vendor): Promise<void>;
}

/**
 * Whether anything (expenses) still names a vendor: such a vendor is not
 * deleted. The expense area implements it on its repository.
 */
export interface VendorReferences {
  isVendorReferenced(organisationId: string, vendorId: string): Promise<boolean>;
}

export const VENDOR_TOKENS = {
  VendorRepository: Symbol.for('VendorRepository'),
  VendorReferences: Symbol.for('VendorReferences'),
} as const;

export const VENDOR_IN_USE = 'This vendor is referenced by expenses and cannot be deleted; set it inactive instead.';
