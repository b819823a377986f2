import { AI_AGENTS } from '../../../../domain/organisation/organisation';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { anOrganisation, FOUNDED_AT, LATER, OWNER_ID } from './organisation.mother';
import { aPicture } from '../shared/picture.mother';

const money = Decimal.of;
const date = CalendarDate.of;

/** The field errors of the ValidationFailed that `act` throws; fails when it throws nothing or something else. */
function fieldErrorsOf(act: () => unknown) {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailed);
    return (error as ValidationFailed).errors;
  }
  throw new Error('expected a ValidationFailed');
}

describe('founding an organisation', () => {
  it('applies the defaults of the spec', () => {
    const s = anOrganisation().snapshot();

    expect(s).toMatchObject({
      id: 'org-id-1',
      uniqueId: 'acme',
      name: 'Acme Ltd',
      ownerId: OWNER_ID,
      language: 'en',
      defaultCurrency: 'USD',
      reportingCurrency: 'USD',
      financialYearEnd: '12-31',
      accountingMethod: 'accrual',
      setupDone: false,
      enableMultiCurrency: false,
      autoCloseFinancialYear: false,
      retainTransactionHistory: true,
      purchasedSeats: 0,
      address: null,
      bankingInformation: null,
      logo: null,
      financialYearLockDate: null,
      dateCreated: FOUNDED_AT,
      lastUpdated: FOUNDED_AT,
    });
    expect(s.defaultVatRate.toFixed()).toBe('0.00');
    expect(s.monthlyAiCreditsAllocated.toFixed()).toBe('0.00');
    expect(AI_AGENTS.map((agent) => s[agent])).toEqual(AI_AGENTS.map(() => false));
  });

  it('takes the settings given on creation, nested objects included', () => {
    const s = anOrganisation({
      defaultCurrency: 'KES',
      financialYearEnd: '06-30',
      financeAgentActive: true,
      address: { city: 'Nairobi' },
      bankingInformation: { bankName: 'Equity' },
    }).snapshot();

    expect(s.defaultCurrency).toBe('KES');
    expect(s.financialYearEnd).toBe('06-30');
    expect(s.financeAgentActive).toBe(true);
    expect(s.contactAgentActive).toBe(false);
    expect(s.address).toEqual({ addressLine1: null, city: 'Nairobi', provinceState: null, postalCode: null });
    expect(s.bankingInformation).toMatchObject({ bankName: 'Equity', accountNumber: null, dateCreated: FOUNDED_AT });
  });
});

describe('updating an organisation', () => {
  it('changes only the settings sent and stamps last_updated', () => {
    const organisation = anOrganisation({ businessDescription: 'Anvils' });
    organisation.update({ name: 'Acme Holdings', vatNumber: 'P051' }, LATER);

    const s = organisation.snapshot();
    expect(s.name).toBe('Acme Holdings');
    expect(s.vatNumber).toBe('P051');
    expect(s.businessDescription).toBe('Anvils');
    expect(s.dateCreated).toEqual(FOUNDED_AT);
    expect(s.lastUpdated).toEqual(LATER);
  });

  it('clears a nullable setting sent as null', () => {
    const organisation = anOrganisation({ businessWebsite: 'https://acme.test' });
    organisation.update({ businessWebsite: null }, LATER);
    expect(organisation.snapshot().businessWebsite).toBeNull();
  });

  it('merges the address field by field and clears it on null', () => {
    const organisation = anOrganisation({ address: { addressLine1: '1 Moi Avenue', city: 'Nairobi' } });

    organisation.update({ address: { city: 'Mombasa' } }, LATER);
    expect(organisation.snapshot().address).toEqual({ addressLine1: '1 Moi Avenue', city: 'Mombasa', provinceState: null, postalCode: null });

    organisation.update({ address: { addressLine1: null } }, LATER);
    expect(organisation.snapshot().address?.addressLine1).toBeNull();
    expect(organisation.snapshot().address?.city).toBe('Mombasa');

    organisation.update({ address: null }, LATER);
    expect(organisation.snapshot().address).toBeNull();
  });

  it('merges banking information field by field, keeping its creation date', () => {
    const organisation = anOrganisation({ bankingInformation: { bankName: 'Equity', accountNumber: '1234567890' } });

    organisation.update({ bankingInformation: { swiftCode: 'EQBLKENA' } }, LATER);
    expect(organisation.snapshot().bankingInformation).toMatchObject({
      bankName: 'Equity',
      accountNumber: '1234567890',
      swiftCode: 'EQBLKENA',
      dateCreated: FOUNDED_AT,
      lastUpdated: LATER,
    });

    organisation.update({ bankingInformation: null }, LATER);
    expect(organisation.snapshot().bankingInformation).toBeNull();
  });

  it('leaves nested objects alone when they are not sent', () => {
    const organisation = anOrganisation({ address: { city: 'Nairobi' } });
    organisation.update({ name: 'Renamed' }, LATER);
    expect(organisation.snapshot().address?.city).toBe('Nairobi');
  });

  it('refuses a different unique_id and accepts the same one', () => {
    const organisation = anOrganisation();

    expect(fieldErrorsOf(() => organisation.update({ uniqueId: 'other', name: 'Ignored' }, LATER))).toEqual({
      unique_id: ['This field cannot be changed.'],
    });
    expect(organisation.snapshot().name).toBe('Acme Ltd');

    organisation.update({ uniqueId: 'acme', name: 'Acme Two' }, LATER);
    expect(organisation.uniqueId).toBe('acme');
    expect(organisation.name).toBe('Acme Two');
  });

  it('hands out snapshots that do not write back into the organisation', () => {
    const organisation = anOrganisation();
    const snapshot = organisation.snapshot();
    snapshot.name = 'Tampered';
    expect(organisation.name).toBe('Acme Ltd');
  });
});

describe('monthly AI credits', () => {
  it('remaining is allocated minus used, to two places', () => {
    const organisation = anOrganisation({ monthlyAiCreditsAllocated: money('100'), monthlyAiCreditsUsed: money('37.5') });
    expect(organisation.monthlyAiCreditsRemaining.toFixed()).toBe('62.50');
  });

  it('is exact where floating point is not', () => {
    const organisation = anOrganisation({ monthlyAiCreditsAllocated: money('0.3'), monthlyAiCreditsUsed: money('0.1') });
    expect(organisation.monthlyAiCreditsRemaining.toFixed()).toBe('0.20');
  });

  it('goes negative when more was used than allocated', () => {
    const organisation = anOrganisation({ monthlyAiCreditsAllocated: money('10.00'), monthlyAiCreditsUsed: money('12.25') });
    expect(organisation.monthlyAiCreditsRemaining.toFixed()).toBe('-2.25');
  });

  it('follows updates of the allocation', () => {
    const organisation = anOrganisation({ monthlyAiCreditsAllocated: money('50'), monthlyAiCreditsUsed: money('5') });
    organisation.update({ monthlyAiCreditsAllocated: money('80') }, LATER);
    expect(organisation.monthlyAiCreditsRemaining.toFixed()).toBe('75.00');
  });
});

describe('books calendar', () => {
  it('labels the current financial year from its year end', () => {
    const organisation = anOrganisation({ financialYearEnd: '03-31' });
    expect(organisation.currentFinancialYearLabel(date('2026-04-01'))).toBe('FY2026/27');
    expect(anOrganisation().currentFinancialYearLabel(date('2026-04-01'))).toBe('FY2026');
  });

  it('locks dates strictly before the lock date, and nothing without one', () => {
    const organisation = anOrganisation({ financialYearLockDate: date('2026-01-01') });
    expect(organisation.isLockedOn(date('2025-12-31'))).toBe(true);
    expect(organisation.isLockedOn(date('2026-01-01'))).toBe(false);
    expect(organisation.isLockedOn(date('2026-06-30'))).toBe(false);
    expect(anOrganisation().isLockedOn(date('1990-01-01'))).toBe(false);
  });
});

describe("an organisation's logo", () => {
  it('is none at first', () => {
    expect(anOrganisation().logo).toBeNull();
  });

  it('changes to a new one and is removed, stamping last_updated each time', () => {
    const organisation = anOrganisation();
    const logo = aPicture({ contentType: 'image/jpeg' });
    organisation.changeLogo(logo, LATER);
    expect(organisation.snapshot()).toMatchObject({ logo, lastUpdated: LATER });
    const evenLater = new Date(LATER.getTime() + 60_000);
    organisation.removeLogo(evenLater);
    expect(organisation.snapshot()).toMatchObject({ logo: null, lastUpdated: evenLater });
  });

  it('changes nothing when removed while there is none', () => {
    const organisation = anOrganisation();
    organisation.removeLogo(LATER);
    expect(organisation.snapshot().lastUpdated).toEqual(FOUNDED_AT);
  });

  it('is not among the settings an update changes', () => {
    const organisation = anOrganisation();
    const logo = aPicture();
    organisation.changeLogo(logo, FOUNDED_AT);
    organisation.update({ name: 'Renamed', ...({ logo: null } as object) }, LATER);
    expect(organisation.logo).toBe(logo);
  });
});
