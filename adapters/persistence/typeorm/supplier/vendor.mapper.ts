import { SecretBox } from '../../../../application/shared/ports';
import { BusinessCategory } from '../../../../domain/shared/enumerations';
import { Vendor, VendorCategory, VendorEntityType, VendorStatus } from '../../../../domain/supplier/vendor';
import { VendorAddress } from '../../../../domain/supplier/vendor-address';
import { VendorBanking } from '../../../../domain/supplier/vendor-banking';
import { searchKey } from '../../search-key';
import { DecodedTexts } from '../engine';
import { VendorRow } from './vendor.schema';

/** How many decoded addresses and bank details are remembered: the pages of the lists in steady use. */
const DECODED_REMEMBERED = 5_000;

export class VendorMapper {
  private readonly addresses = new DecodedTexts<VendorAddress>((text) => JSON.parse(text) as VendorAddress, DECODED_REMEMBERED);
  private readonly banking: DecodedTexts<VendorBanking>;

  constructor(private readonly box: SecretBox) {
    this.banking = new DecodedTexts<VendorBanking>((sealed) => JSON.parse(this.box.open(sealed)) as VendorBanking, DECODED_REMEMBERED);
  }

  toDomain(row: VendorRow): Vendor {
    return Vendor.restore({
      id: row.id,
      organisationId: row.organisation_id,
      uniqueId: row.unique_id,
      name: row.name,
      description: row.description,
      entityType: row.entity_type as VendorEntityType,
      vendorStatus: row.vendor_status as VendorStatus,
      vendorCategory: row.vendor_category as VendorCategory,
      industry: row.industry as BusinessCategory | null,
      website: row.website,
      companySize: row.company_size,
      annualRevenue: row.annual_revenue,
      minimumOrderAmount: row.minimum_order_amount,
      defaultCurrency: row.default_currency,
      firstContactDate: row.first_contact_date,
      lastContactDate: row.last_contact_date,
      nextFollowUpDate: row.next_follow_up_date,
      lastOrderDate: row.last_order_date,
      contractStartDate: row.contract_start_date,
      contractEndDate: row.contract_end_date,
      qualityRating: row.quality_rating,
      deliveryRating: row.delivery_rating,
      address: this.addresses.of(row.id, row.address),
      bankingInformation: this.banking.of(row.id, row.banking_sealed),
      createdById: row.created_by_id,
      assignedToId: row.assigned_to_id,
      accountOwnerId: row.account_owner_id,
      dateCreated: row.date_created,
      lastUpdated: row.last_updated,
    });
  }

  toPersistence(vendor: Vendor): VendorRow {
    const s = vendor.snapshot();
    return {
      id: s.id,
      organisation_id: s.organisationId,
      unique_id: s.uniqueId,
      name: s.name,
      name_key: searchKey(s.name),
      description: s.description,
      entity_type: s.entityType,
      vendor_status: s.vendorStatus,
      vendor_category: s.vendorCategory,
      industry: s.industry,
      website: s.website,
      website_key: searchKey(s.website),
      company_size: s.companySize,
      annual_revenue: s.annualRevenue,
      minimum_order_amount: s.minimumOrderAmount,
      default_currency: s.defaultCurrency,
      first_contact_date: s.firstContactDate,
      last_contact_date: s.lastContactDate,
      next_follow_up_date: s.nextFollowUpDate,
      last_order_date: s.lastOrderDate,
      contract_start_date: s.contractStartDate,
      contract_end_date: s.contractEndDate,
      quality_rating: s.qualityRating,
      delivery_rating: s.deliveryRating,
      address: s.address ? JSON.stringify(s.address) : null,
      banking_sealed: s.bankingInformation ? this.box.seal(JSON.stringify(s.bankingInformation)) : null,
      created_by_id: s.createdById,
      assigned_to_id: s.assignedToId,
      account_owner_id: s.accountOwnerId,
      date_created: s.dateCreated,
      last_updated: s.lastUpdated,
    };
  }
}
