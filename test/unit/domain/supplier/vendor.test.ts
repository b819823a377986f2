import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { ValidationFailed } from '../../../../domain/shared/errors';
import {
  NewVendor,
  Vendor,
  VENDOR_CATEGORIES,
  VENDOR_ENTITY_TYPES,
  VENDOR_STATUSES,
} from '../../../../domain/supplier/vendor';

const CREATED = new Date('2026-01-10T09:00:00.000Z');
const LATER = new Date('2026-01-11T10:30:00.000Z');
const day = (text: string) => CalendarDate.of(text);

function aVendor(overrides: Partial<NewVendor> = {}): Vendor {
  return Vendor.create({
    id: 'vendor-id-1',
    uniqueId: 'paper-co',
    organisationId: 'org-1',
    name: 'Paper Co',
    organisationCurrency: 'KES',
    createdById: 'person-1',
    now: CREATED,
    ...overrides,
  });
}

function errorsOf(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    if (error instanceof ValidationFailed) return error.errors;
    throw error;
  }
  throw new Error('expected a ValidationFailed');
}

describe('Vendor.create', () => {
  it('starts as a potential company supplying goods, owned and handled by its creator', () => {
    expect(aVendor().snapshot()).toMatchObject({
      id: 'vendor-id-1',
      uniqueId: 'paper-co',
      organisationId: 'org-1',
      name: 'Paper Co',
      description: null,
      entityType: 'company',
      vendorStatus: 'potential',
      vendorCategory: 'goods',
      industry: null,
      annualRevenue: null,
      qualityRating: null,
      contractStartDate: null,
      address: null,
      bankingInformation: null,
      createdById: 'person-1',
      assignedToId: 'person-1',
      accountOwnerId: 'person-1',
      dateCreated: CREATED,
      lastUpdated: CREATED,
    });
  });

  it("uses the organisation's currency unless the vendor names one", () => {
    expect(aVendor().snapshot().defaultCurrency).toBe('KES');
    expect(aVendor({ defaultCurrency: 'EUR' }).snapshot().defaultCurrency).toBe('EUR');
  });

  it('refuses a currency that is not ISO 4217', () => {
    expect(errorsOf(() => aVendor({ defaultCurrency: 'XYZ' }))).toEqual({
      default_currency: ['"XYZ" is not a valid choice.'],
    });
  });

  it('keeps amounts and ratings at two places', () => {
    const vendor = aVendor({
      annualRevenue: Decimal.of('1500000'),
      minimumOrderAmount: Decimal.of('99.9'),
      qualityRating: Decimal.of('4.5'),
      deliveryRating: Decimal.of('5'),
    });

    const { annualRevenue, minimumOrderAmount, qualityRating, deliveryRating } = vendor.snapshot();
    expect([annualRevenue, minimumOrderAmount, qualityRating, deliveryRating].map(String)).toEqual([
      '1500000.00',
      '99.90',
      '4.50',
      '5.00',
    ]);
  });

  it('refuses ratings outside 0..5 and amounts beyond 13 integer digits', () => {
    expect(
      errorsOf(() =>
        aVendor({
          qualityRating: Decimal.of('5.01'),
          deliveryRating: Decimal.of('-0.5'),
          annualRevenue: Decimal.of('12345678901234'),
        }),
      ),
    ).toEqual({
      quality_rating: ['Ensure this value is less than or equal to 5.'],
      delivery_rating: ['Ensure this value is greater than or equal to 0.'],
      annual_revenue: ['Ensure that there are no more than 13 digits before the decimal point.'],
    });
  });

  it('refuses negative amounts and accepts zero', () => {
    expect(
      errorsOf(() => aVendor({ annualRevenue: Decimal.of('-1'), minimumOrderAmount: Decimal.of('-0.01') })),
    ).toEqual({
      annual_revenue: ['Ensure this value is greater than or equal to 0.'],
      minimum_order_amount: ['Ensure this value is greater than or equal to 0.'],
    });
    expect(aVendor({ minimumOrderAmount: Decimal.of('0') }).snapshot().minimumOrderAmount?.toString()).toBe('0.00');
  });

  it('refuses a blank name', () => {
    expect(errorsOf(() => aVendor({ name: '' }))).toEqual({ name: ['This field may not be blank.'] });
  });

  it('refuses a contract that ends before it starts, and accepts a one-day contract', () => {
    expect(
      errorsOf(() => aVendor({ contractStartDate: day('2026-02-01'), contractEndDate: day('2026-01-31') })),
    ).toEqual({ contract_end_date: ['Contract end date cannot be before the contract start date.'] });
    const oneDay = aVendor({ contractStartDate: day('2026-02-01'), contractEndDate: day('2026-02-01') });
    expect(oneDay.snapshot().contractEndDate).toEqual(day('2026-02-01'));
  });

  it('fills the address and bank details it is given a part of', () => {
    const vendor = aVendor({
      address: { city: 'Nairobi', phone: '+254 700 000000' },
      bankingInformation: { bankName: 'Equity Bank', accountType: 'business' },
    });

    expect(vendor.snapshot().address).toEqual({
      addressLine1: null,
      addressLine2: null,
      city: 'Nairobi',
      provinceState: null,
      postalCode: null,
      country: null,
      phone: '+254 700 000000',
    });
    expect(vendor.snapshot().bankingInformation).toEqual({
      bankName: 'Equity Bank',
      accountNumber: null,
      branchCode: null,
      accountType: 'business',
      routingNumber: null,
      swiftCode: null,
    });
  });
});

describe('vendor derived fields', () => {
  const today = day('2026-03-15');

  it('counts whole days since the last contact and the last order', () => {
    const vendor = aVendor({ lastContactDate: day('2026-03-01'), lastOrderDate: day('2026-03-15') });

    expect(vendor.daysSinceLastContact(today)).toBe(14);
    expect(vendor.daysSinceLastOrder(today)).toBe(0);
  });

  it('counts across February in leap and common years', () => {
    const leap = aVendor({ lastContactDate: day('2024-02-28'), lastOrderDate: day('2024-02-28') });
    const common = aVendor({ lastContactDate: day('2023-02-28'), lastOrderDate: day('2023-02-28') });

    expect(leap.daysSinceLastContact(day('2024-03-01'))).toBe(2);
    expect(leap.daysSinceLastOrder(day('2024-03-01'))).toBe(2);
    expect(common.daysSinceLastContact(day('2023-03-01'))).toBe(1);
    expect(common.daysSinceLastOrder(day('2023-03-01'))).toBe(1);
  });

  it('counts a whole year from a leap day, and over a year that holds one', () => {
    const vendor = aVendor({ lastContactDate: day('2024-02-29'), lastOrderDate: day('2023-03-01') });

    expect(vendor.daysSinceLastContact(day('2025-02-28'))).toBe(365);
    expect(vendor.daysSinceLastContact(day('2025-03-01'))).toBe(366);
    expect(vendor.daysSinceLastOrder(day('2024-03-01'))).toBe(366);
  });

  it('keeps a contract ending on a leap day active through that day only', () => {
    const vendor = aVendor({ contractStartDate: day('2024-02-01'), contractEndDate: day('2024-02-29') });

    expect(vendor.isContractActive(day('2024-02-28'))).toBe(true);
    expect(vendor.isContractActive(day('2024-02-29'))).toBe(true);
    expect(vendor.isContractActive(day('2024-03-01'))).toBe(false);
  });

  it('makes a follow-up due on a leap day overdue from the next day', () => {
    const vendor = aVendor({ nextFollowUpDate: day('2024-02-29') });

    expect(vendor.isFollowUpOverdue(day('2024-02-29'))).toBe(false);
    expect(vendor.isFollowUpOverdue(day('2024-03-01'))).toBe(true);
  });

  it('is null without a date, and negative for a date still to come', () => {
    expect(aVendor().daysSinceLastContact(today)).toBeNull();
    expect(aVendor().daysSinceLastOrder(today)).toBeNull();
    expect(aVendor({ lastContactDate: day('2026-03-18') }).daysSinceLastContact(today)).toBe(-3);
  });

  it.each([
    [null, false],
    ['2026-03-16', false],
    ['2026-03-15', false],
    ['2026-03-14', true],
    ['2025-12-31', true],
  ])('with the next follow-up on %s, the follow-up is overdue: %s', (date, overdue) => {
    const vendor = aVendor({ nextFollowUpDate: date === null ? null : day(date) });

    expect(vendor.isFollowUpOverdue(today)).toBe(overdue);
  });

  it.each([
    [null, null, false],
    [null, '2026-12-31', false],
    ['2026-03-15', null, true],
    ['2026-03-15', '2026-03-15', true],
    ['2026-01-01', '2026-03-15', true],
    ['2026-01-01', null, true],
    ['2026-03-16', null, false],
    ['2026-01-01', '2026-03-14', false],
  ])('a contract from %s to %s is active: %s', (start, end, active) => {
    const vendor = aVendor({
      contractStartDate: start === null ? null : day(start),
      contractEndDate: end === null ? null : day(end),
    });

    expect(vendor.isContractActive(today)).toBe(active);
  });
});

describe('Vendor.update', () => {
  it('changes what is supplied, keeps the rest and stamps the change', () => {
    const vendor = aVendor({ description: 'Office paper', website: 'https://paper.test' });

    vendor.update({ vendorStatus: 'preferred', industry: 'printing', website: null }, LATER);

    expect(vendor.snapshot()).toMatchObject({
      vendorStatus: 'preferred',
      industry: 'printing',
      website: null,
      description: 'Office paper',
      defaultCurrency: 'KES',
      dateCreated: CREATED,
      lastUpdated: LATER,
    });
  });

  it('merges the address field by field: left out keeps, null clears', () => {
    const vendor = aVendor({ address: { addressLine1: '1 Mill Road', city: 'Nairobi', postalCode: '00100' } });

    vendor.update({ address: { city: 'Mombasa', postalCode: null } }, LATER);

    expect(vendor.snapshot().address).toMatchObject({ addressLine1: '1 Mill Road', city: 'Mombasa', postalCode: null });
  });

  it('merges the bank details the same way', () => {
    const vendor = aVendor({
      bankingInformation: { bankName: 'Equity Bank', accountNumber: '0123456789', accountType: 'business' },
    });

    vendor.update({ bankingInformation: { swiftCode: 'EQBLKENA', accountType: '' } }, LATER);

    expect(vendor.snapshot().bankingInformation).toEqual({
      bankName: 'Equity Bank',
      accountNumber: '0123456789',
      branchCode: null,
      accountType: '',
      routingNumber: null,
      swiftCode: 'EQBLKENA',
    });
  });

  it('clears the whole address or bank details with null, and leaves them alone when absent', () => {
    const vendor = aVendor({ address: { city: 'Nairobi' }, bankingInformation: { bankName: 'Equity Bank' } });

    vendor.update({ address: null }, LATER);

    expect(vendor.snapshot().address).toBeNull();
    expect(vendor.snapshot().bankingInformation).toMatchObject({ bankName: 'Equity Bank' });
  });

  it('refuses an end date before the start date already stored, and leaves the vendor unchanged', () => {
    const vendor = aVendor({ contractStartDate: day('2026-02-01') });

    expect(errorsOf(() => vendor.update({ contractEndDate: day('2026-01-31') }, LATER))).toEqual({
      contract_end_date: ['Contract end date cannot be before the contract start date.'],
    });
    expect(vendor.snapshot()).toMatchObject({ contractEndDate: null, lastUpdated: CREATED });
  });

  it('refuses moving the start after the end already stored', () => {
    const vendor = aVendor({ contractStartDate: day('2026-02-01'), contractEndDate: day('2026-06-30') });

    expect(errorsOf(() => vendor.update({ contractStartDate: day('2026-07-01') }, LATER))).toEqual({
      contract_end_date: ['Contract end date cannot be before the contract start date.'],
    });
  });

  it('refuses a currency that is not ISO 4217', () => {
    expect(errorsOf(() => aVendor().update({ defaultCurrency: 'usd' }, LATER))).toEqual({
      default_currency: ['"usd" is not a valid choice.'],
    });
  });

  it('refuses a different unique_id and accepts the same one', () => {
    const vendor = aVendor();

    expect(errorsOf(() => vendor.update({ uniqueId: 'ink-co' }, LATER))).toEqual({
      unique_id: ['This field cannot be changed.'],
    });
    vendor.update({ uniqueId: 'paper-co', name: 'Paper & Co' }, LATER);
    expect(vendor.snapshot()).toMatchObject({ uniqueId: 'paper-co', name: 'Paper & Co' });
  });
});

describe('Vendor snapshots', () => {
  it('restores what it was given and hands out copies', () => {
    const original = aVendor({ address: { city: 'Nairobi' }, qualityRating: Decimal.of('4') }).snapshot();
    const restored = Vendor.restore(original);

    restored.snapshot().name = 'Tampered';

    expect(restored.snapshot()).toEqual(original);
  });
});

describe('vendor choices', () => {
  it('lists the values of the spec with their labels', () => {
    expect(VENDOR_ENTITY_TYPES.values).toEqual([
      'individual',
      'company',
      'non_profit',
      'government',
      'partnership',
      'other',
    ]);
    expect(VENDOR_STATUSES.values).toEqual(['potential', 'active', 'preferred', 'on_hold', 'inactive', 'blacklisted']);
    expect(VENDOR_CATEGORIES.values).toEqual(['goods', 'services', 'both', 'contractor', 'consultant', 'other']);
    expect(VENDOR_STATUSES.label('on_hold')).toBe('On Hold');
  });
});
