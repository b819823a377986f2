import { Address, emptyAddress } from '../../../../domain/shared/address';
import { accountNumberLast4, BankingInformation, changeBanking } from '../../../../domain/shared/banking-information';
import { mergeNested, stripUndefined } from '../../../../domain/shared/nested';

const CREATED = new Date('2026-01-10T09:00:00.000Z');
const LATER = new Date('2026-02-01T12:00:00.000Z');

const nairobi: Address = { addressLine1: '1 Moi Avenue', city: 'Nairobi', provinceState: null, postalCode: '00100' };

describe('merging a nested object', () => {
  it('keeps the current object when nothing is sent', () => {
    expect(mergeNested(nairobi, undefined, emptyAddress)).toBe(nairobi);
  });

  it('clears the whole object on null', () => {
    expect(mergeNested(nairobi, null, emptyAddress)).toBeNull();
  });

  it('changes only the fields sent, and clears a field sent as null', () => {
    expect(mergeNested(nairobi, { city: 'Mombasa', postalCode: null }, emptyAddress)).toEqual({
      addressLine1: '1 Moi Avenue',
      city: 'Mombasa',
      provinceState: null,
      postalCode: null,
    });
  });

  it('ignores fields present as undefined', () => {
    expect(mergeNested(nairobi, { city: undefined }, emptyAddress)).toEqual(nairobi);
  });

  it('starts from the empty object when there was none', () => {
    expect(mergeNested<Address>(null, { city: 'Kisumu' }, emptyAddress)).toEqual({ ...emptyAddress(), city: 'Kisumu' });
  });

  it('does not mutate the current object', () => {
    const current = { ...nairobi };
    mergeNested(current, { city: 'Mombasa' }, emptyAddress);
    expect(current).toEqual(nairobi);
  });

  it('strips undefined but keeps null and falsy values', () => {
    expect(stripUndefined({ a: undefined, b: null, c: 0, d: '' })).toEqual({ b: null, c: 0, d: '' });
  });
});

describe('bank details', () => {
  const first = changeBanking(null, { bankName: 'Equity', accountNumber: '0123 4567 89' }, CREATED) as BankingInformation;

  it('are created with every other field empty and both stamps set', () => {
    expect(first).toEqual({
      bankName: 'Equity',
      accountNumber: '0123 4567 89',
      branchCode: null,
      accountType: null,
      routingNumber: null,
      swiftCode: null,
      dateCreated: CREATED,
      lastUpdated: CREATED,
    });
  });

  it('merge field by field, keeping date_created and moving last_updated', () => {
    const changed = changeBanking(first, { swiftCode: 'EQBLKENA' }, LATER);
    expect(changed).toMatchObject({ bankName: 'Equity', swiftCode: 'EQBLKENA', dateCreated: CREATED, lastUpdated: LATER });
  });

  it('are cleared by null and untouched when absent', () => {
    expect(changeBanking(first, null, LATER)).toBeNull();
    expect(changeBanking(first, undefined, LATER)).toBe(first);
  });

  it('show only the last four characters of the account number, spaces ignored', () => {
    expect(accountNumberLast4(first)).toBe('6789');
    expect(accountNumberLast4({ accountNumber: '12' })).toBe('12');
    expect(accountNumberLast4({ accountNumber: null })).toBeNull();
    expect(accountNumberLast4({ accountNumber: '   ' })).toBeNull();
  });
});
