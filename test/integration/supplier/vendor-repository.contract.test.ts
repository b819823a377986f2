import { RecordFilters } from '../../../application/records/record.ports';
import { ListQuery } from '../../../application/shared/page';

import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { NewVendor, Vendor } from '../../../domain/supplier/vendor';
import { ids, salesStorage, SalesStorage } from '../../support/sales-storage';
import { storageTargets } from '../../support/storage';

type VendorListQuery = ListQuery<RecordFilters, string>;

const at = (iso: string) => new Date(iso);
const day = (text: string) => CalendarDate.of(text);

describe.each(storageTargets())('vendor repository on $name', (target) => {
  let storage: SalesStorage;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const opened = await target.open();
    close = opened.close;
    storage = salesStorage(opened.database);
  });

  afterAll(() => close());

  async function anOrganisationWithVendors() {
    const { organisationId, personId } = await storage.anOrganisation();
    const vendor = async (overrides: Partial<NewVendor> = {}) => {
      const created = Vendor.create({
        id: ids.next(),
        uniqueId: ids.next(),
        organisationId,
        name: 'Paper Co',
        organisationCurrency: 'USD',
        createdById: personId,
        now: at('2026-01-01T00:00:00.000Z'),
        ...overrides,
      });
      await storage.vendors.save(created);
      return created;
    };
    return { organisationId, vendor };
  }

  const query = (overrides: Partial<VendorListQuery> = {}): VendorListQuery => ({
    filters: {},
    ordering: { field: 'name', descending: false },
    page: { page: 1, pageSize: 100 },
    ...overrides,
  });

  it('round-trips every field, the address and the bank details included', async () => {
    const { organisationId, vendor } = await anOrganisationWithVendors();
    const created = await vendor({
      description: 'Office paper',
      entityType: 'partnership',
      vendorStatus: 'preferred',
      vendorCategory: 'both',
      industry: 'printing',
      website: 'https://paper.example',
      companySize: '11-50',
      annualRevenue: Decimal.of('9999999999999.99'),
      minimumOrderAmount: Decimal.of('0.01'),
      defaultCurrency: 'KES',
      firstContactDate: day('2024-02-29'),
      lastContactDate: day('2026-01-02'),
      nextFollowUpDate: day('2026-02-01'),
      lastOrderDate: day('2025-12-31'),
      contractStartDate: day('2025-01-01'),
      contractEndDate: day('2026-12-31'),
      qualityRating: Decimal.of('5'),
      deliveryRating: Decimal.of('0'),
      address: { addressLine1: '1 Mill Road', city: 'Nairobi', country: 'Kenya', phone: '+254 700 000000' },
      bankingInformation: { bankName: 'Equity', accountNumber: 'KE12 3456 7890', accountType: 'business' },
    });

    const found = await storage.vendors.findByUniqueId(organisationId, created.uniqueId);

    expect(found?.snapshot()).toEqual(created.snapshot());
  });

  it('keeps unique_ids unique per organisation and finds vendors by id within their organisation only', async () => {
    const mine = await anOrganisationWithVendors();
    const theirs = await anOrganisationWithVendors();
    const paper = await mine.vendor({ uniqueId: 'paper' });
    const other = await theirs.vendor({ uniqueId: 'paper' });

    await expect(mine.vendor({ uniqueId: 'paper' })).rejects.toMatchObject({
      errors: { unique_id: ['vendor with this unique id already exists.'] },
    });
    expect((await storage.vendors.findByIds(mine.organisationId, [paper.id, other.id])).map((v) => v.id)).toEqual([paper.id]);
    expect(await storage.vendors.findByIds(mine.organisationId, [])).toEqual([]);
    expect((await storage.vendors.findByUniqueId(theirs.organisationId, 'paper'))?.id).toBe(other.id);
  });

  it('filters by each enumeration and searches names and websites without regard to case', async () => {
    const { organisationId, vendor } = await anOrganisationWithVendors();
    await vendor({ name: 'Ärzte Supplies', vendorCategory: 'services', entityType: 'individual', industry: 'health' });
    await vendor({ name: 'Print 50%', vendorStatus: 'blacklisted', website: 'https://ÄRZTE.example' });
    await vendor({ name: 'Plain', industry: null });

    const names = async (filters: VendorListQuery['filters']) =>
      (await storage.vendors.list(organisationId, query({ filters }))).items.map((v) => v.name);
    expect(await names({ category: 'services' })).toEqual(['Ärzte Supplies']);
    expect(await names({ entity_type: 'individual' })).toEqual(['Ärzte Supplies']);
    expect(await names({ industry: 'health' })).toEqual(['Ärzte Supplies']);
    expect(await names({ status: 'blacklisted' })).toEqual(['Print 50%']);
    expect(await names({ search: 'ärzte' })).toEqual(['Print 50%', 'Ärzte Supplies']);
    expect(await names({ search: '0%' })).toEqual(['Print 50%']);
    expect(await names({ search: 'ärzte', status: 'potential' })).toEqual(['Ärzte Supplies']);
  });

  it('orders by name in any case by default, and by rating or last contact with nulls last ascending', async () => {
    const { organisationId, vendor } = await anOrganisationWithVendors();
    await vendor({ name: 'beta', qualityRating: Decimal.of('4.99'), lastContactDate: day('2026-01-02'), vendorStatus: 'preferred' });
    await vendor({ name: 'Alpha', qualityRating: null, lastContactDate: null });
    await vendor({ name: 'gamma', qualityRating: Decimal.of('0.5'), lastContactDate: day('2025-06-30'), vendorStatus: 'active' });

    const names = async (ordering: VendorListQuery['ordering']) =>
      (await storage.vendors.list(organisationId, query({ ordering }))).items.map((v) => v.name);
    expect(await names({ field: 'name', descending: false })).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names({ field: 'quality_rating', descending: false })).toEqual(['gamma', 'beta', 'Alpha']);
    expect(await names({ field: 'quality_rating', descending: true })).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names({ field: 'last_contact_date', descending: true })).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names({ field: 'vendor_status', descending: false })).toEqual(['gamma', 'Alpha', 'beta']);
  });

  it('pages with a total and deletes', async () => {
    const { organisationId, vendor } = await anOrganisationWithVendors();
    for (const name of ['a', 'b', 'c', 'd', 'e']) await vendor({ name });

    const second = await storage.vendors.list(organisationId, query({ page: { page: 2, pageSize: 2 } }));
    expect([second.total, second.items.map((v) => v.name)]).toEqual([5, ['c', 'd']]);
    const beyond = await storage.vendors.list(organisationId, query({ page: { page: 9, pageSize: 2 } }));
    expect([beyond.total, beyond.items]).toEqual([5, []]);

    await storage.vendors.delete(second.items[0]);
    expect(await storage.vendors.findByUniqueId(organisationId, second.items[0].uniqueId)).toBeNull();
    expect((await storage.vendors.list(organisationId, query())).total).toBe(4);
  });
});
