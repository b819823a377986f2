import { Actor } from '../../../../application/shared/actor';
import { RecordContext } from '../../../../application/records/record-context';
import { recordContextToken } from '../../../../application/records/record-kind';
import { recordUseCases } from '../../../../application/records/record-use-cases';
import { RecordFilters } from '../../../../application/records/record.ports';
import { ListQuery } from '../../../../application/shared/page';
import { NewVendorCommand, VENDOR_TOKENS, VendorReferences, VendorRepository } from '../../../../application/supplier/vendor.kind';
import { Vendor, VendorSnapshot } from '../../../../domain/supplier/vendor';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { InUse, NotFound } from '../../../../domain/shared/errors';
import { InMemoryApp, inMemoryApp } from '../../../support/in-memory-container';

const day = (text: string) => CalendarDate.of(text);

type VendorListQuery = ListQuery<RecordFilters, string>;

const query = (overrides: Partial<VendorListQuery> = {}): VendorListQuery => ({
  filters: {},
  ordering: { field: 'name', descending: false },
  page: { page: 1, pageSize: 100 },
  ...overrides,
});

/** Expenses as the vendor area sees them: a set of vendor ids that something references. */
class ReferencedVendors implements VendorReferences {
  readonly ids = new Set<string>();

  async isVendorReferenced(_organisationId: string, vendorId: string): Promise<boolean> {
    return this.ids.has(vendorId);
  }
}

describe('vendor use cases', () => {
  let app: InMemoryApp;
  let member: Actor;
  let stranger: Actor;
  let org: string;
  let references: ReferencedVendors;

  beforeEach(async () => {
    app = await inMemoryApp();
    references = new ReferencedVendors();
    (await app.container.rebind<VendorReferences>(VENDOR_TOKENS.VendorReferences)).toConstantValue(references);
    member = await app.aPerson('Grace');
    stranger = await app.aPerson('Stranger');
    org = await app.anOrganisation(member, { defaultCurrency: 'KES' });
    await app.anOrganisation(stranger);
  });

  const vendors = () => recordUseCases(app.container.get<RecordContext<Vendor, VendorSnapshot>>(recordContextToken('vendor')));
  const create = (command: Partial<NewVendorCommand> = {}) => vendors().create.execute(member, org, { name: 'Paper Co', ...command });
  const list = (q = query()) => vendors().list.execute(member, org, q);

  it("deals in the organisation's currency unless told otherwise, owned and handled by its creator", async () => {
    const view = await create();

    expect(view.record.defaultCurrency).toBe('KES');
    expect((await create({ name: 'Ink Co', defaultCurrency: 'EUR' })).record.defaultCurrency).toBe('EUR');
    const { createdById, assignedToId, accountOwnerId } = view.record;
    expect([createdById, assignedToId, accountOwnerId].map((id) => view.people.get(id)?.fullName)).toEqual([
      'Grace Lovelace',
      'Grace Lovelace',
      'Grace Lovelace',
    ]);
  });

  it("derives its figures from the clock's today", async () => {
    app.clock.set('2024-03-01T08:00:00.000Z');

    const view = await create({
      lastContactDate: day('2024-02-28'),
      nextFollowUpDate: day('2024-02-29'),
      contractStartDate: day('2024-03-01'),
    });

    expect(view.derived).toMatchObject({
      daysSinceLastContact: 2,
      daysSinceLastOrder: null,
      isFollowUpOverdue: true,
      isContractActive: true,
    });
    app.clock.set('2024-02-29T23:59:59.999Z');
    expect((await vendors().get.execute(member, org, view.record.uniqueId)).derived).toMatchObject({
      daysSinceLastContact: 1,
      isFollowUpOverdue: false,
      isContractActive: false,
    });
  });

  it('merges the address and bank details field by field on update', async () => {
    await create({ uniqueId: 'paper', address: { city: 'Nairobi' }, bankingInformation: { accountNumber: '0123456789' } });

    const view = await vendors().update.execute(member, org, 'paper', { address: { postalCode: '00100' }, bankingInformation: { bankName: 'Equity' } });

    expect(view.record.address).toMatchObject({ city: 'Nairobi', postalCode: '00100' });
    expect(view.record.bankingInformation).toMatchObject({ accountNumber: '0123456789', bankName: 'Equity' });
  });

  it('filters by category, entity type, industry, status and part of the name or website', async () => {
    await create({ name: 'Alpha Print', vendorCategory: 'services', industry: 'printing', website: 'https://alpha.example' });
    await create({ name: 'Beta Supplies', vendorStatus: 'preferred', entityType: 'individual', website: 'https://PRINTS.example' });
    await create({ name: 'Gamma', vendorStatus: 'blacklisted' });

    const names = async (filters: VendorListQuery['filters']) => (await list(query({ filters }))).items.map((v) => v.record.name);
    expect(await names({ category: 'services' })).toEqual(['Alpha Print']);
    expect(await names({ entity_type: 'individual' })).toEqual(['Beta Supplies']);
    expect(await names({ industry: 'printing' })).toEqual(['Alpha Print']);
    expect(await names({ status: 'blacklisted' })).toEqual(['Gamma']);
    expect(await names({ search: 'print' })).toEqual(['Alpha Print', 'Beta Supplies']);
    expect(await names({ search: 'print', status: 'preferred' })).toEqual(['Beta Supplies']);
  });

  it('orders by rating with unrated vendors last, and by name by default', async () => {
    await create({ name: 'b', qualityRating: Decimal.of('4.5') });
    await create({ name: 'A', qualityRating: null });
    await create({ name: 'c', qualityRating: Decimal.of('5') });

    expect((await list()).items.map((v) => v.record.name)).toEqual(['A', 'b', 'c']);
    const byRating = await list(query({ ordering: { field: 'quality_rating', descending: false } }));
    expect(byRating.items.map((v) => v.record.name)).toEqual(['b', 'c', 'A']);
  });

  it('refuses to delete a vendor that expenses reference (409), and deletes one they do not', async () => {
    const kept = await create({ uniqueId: 'kept' });
    await create({ uniqueId: 'gone' });
    references.ids.add(kept.record.id);
    const remove = (uniqueId: string) => vendors().delete.execute(member, org, uniqueId);

    await expect(remove('kept')).rejects.toBeInstanceOf(InUse);
    await remove('gone');

    await expect(vendors().get.execute(member, org, 'gone')).rejects.toBeInstanceOf(NotFound);
    expect((await list()).items.map((v) => v.record.uniqueId)).toEqual(['kept']);
  });

  it('finds vendors by unique_id and by ids within one organisation only, for the expenses that name them', async () => {
    const mine = await create({ uniqueId: 'paper' });
    const strangersOrg = await app.anOrganisation(stranger, { name: 'Elsewhere' });
    const theirs = await vendors().create.execute(stranger, strangersOrg, { uniqueId: 'paper', name: 'Theirs' });
    const repository = app.container.get<VendorRepository>(VENDOR_TOKENS.VendorRepository);

    expect((await repository.findByUniqueId(mine.record.organisationId, 'paper'))?.name).toBe('Paper Co');
    const found = await repository.findByIds(mine.record.organisationId, [mine.record.id, theirs.record.id]);
    expect(found.map((v) => v.name)).toEqual(['Paper Co']);
  });

  it('answers 404 to someone outside the organisation, and changes nothing', async () => {
    await create({ uniqueId: 'paper' });
    const useCases = vendors();
    const attempts = [
      () => useCases.list.execute(stranger, org, query()),
      () => useCases.create.execute(stranger, org, { name: 'Mine' }),
      () => useCases.get.execute(stranger, org, 'paper'),
      () => useCases.update.execute(stranger, org, 'paper', { name: 'Mine' }),
      () => useCases.delete.execute(stranger, org, 'paper'),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(NotFound);
    expect((await list()).items.map((v) => v.record.name)).toEqual(['Paper Co']);
  });
});
