import {
  Account,
  ACCOUNT_CODE_MAX_LENGTH,
  ACCOUNT_TYPES,
  AccountType,
  CreateAccount,
} from '../../../../domain/account/account';
import { ValidationFailed } from '../../../../domain/shared/errors';

const OPENED_AT = new Date('2026-01-10T09:00:00.000Z');
const NOW = new Date('2026-02-01T12:30:00.000Z');

function anAccount(overrides: Partial<CreateAccount> = {}): Account {
  return Account.create({
    id: 'account-1',
    uniqueId: 'acct-6300',
    organisationId: 'org-1',
    accountCode: '6300',
    name: 'Travel',
    accountType: 'expense',
    now: OPENED_AT,
    ...overrides,
  });
}

function fieldErrorsOf(act: () => unknown) {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailed);
    return (error as ValidationFailed).errors;
  }
  throw new Error('expected a ValidationFailed');
}

describe('opening an account', () => {
  it('is active, without description, dated now', () => {
    expect(anAccount().snapshot()).toEqual({
      id: 'account-1',
      uniqueId: 'acct-6300',
      organisationId: 'org-1',
      accountCode: '6300',
      name: 'Travel',
      accountType: 'expense',
      description: null,
      isActive: true,
      dateCreated: OPENED_AT,
      lastUpdated: OPENED_AT,
    });
  });

  it('keeps a description and an inactive flag when given', () => {
    const account = anAccount({ description: 'Flights and taxis', isActive: false });
    expect(account.snapshot().description).toBe('Flights and taxis');
    expect(account.isActive).toBe(false);
  });

  it(`accepts a code of ${ACCOUNT_CODE_MAX_LENGTH} characters and refuses one more`, () => {
    expect(anAccount({ accountCode: '6300-01-NBO-0000-XYZ' }).accountCode).toHaveLength(20);
    expect(fieldErrorsOf(() => anAccount({ accountCode: '6300-01-NBO-0000-XYZ1' }))).toEqual({
      account_code: ['Ensure this field has no more than 20 characters.'],
    });
  });

  it('refuses a blank code and a blank name, all at once', () => {
    expect(fieldErrorsOf(() => anAccount({ accountCode: ' ', name: '' }))).toEqual({
      account_code: ['This field may not be blank.'],
      name: ['This field may not be blank.'],
    });
  });

  it('accepts a name of 200 characters and refuses 201', () => {
    expect(anAccount({ name: 'n'.repeat(200) }).name).toHaveLength(200);
    expect(fieldErrorsOf(() => anAccount({ name: 'n'.repeat(201) }))).toEqual({
      name: ['Ensure this field has no more than 200 characters.'],
    });
  });

  it('refuses an account type outside the five', () => {
    expect(fieldErrorsOf(() => anAccount({ accountType: 'revenue' as AccountType }))).toEqual({
      account_type: ['"revenue" is not a valid choice.'],
    });
  });

  it('labels the five account types', () => {
    expect(ACCOUNT_TYPES.values.map((type) => [type, ACCOUNT_TYPES.label(type)])).toEqual([
      ['asset', 'Asset'],
      ['liability', 'Liability'],
      ['equity', 'Equity'],
      ['income', 'Income'],
      ['expense', 'Expense'],
    ]);
  });
});

describe('updating an account', () => {
  it('changes what is sent, keeps what is not and stamps last_updated', () => {
    const account = anAccount({ description: 'Flights and taxis' });
    account.update({ name: 'Travel and Transport', isActive: false }, NOW);
    expect(account.snapshot()).toMatchObject({
      accountCode: '6300',
      name: 'Travel and Transport',
      accountType: 'expense',
      description: 'Flights and taxis',
      isActive: false,
      dateCreated: OPENED_AT,
      lastUpdated: NOW,
    });
  });

  it('changes the code and the type', () => {
    const account = anAccount();
    account.update({ accountCode: '5100', accountType: 'asset' }, NOW);
    expect([account.accountCode, account.accountType]).toEqual(['5100', 'asset']);
  });

  it('clears the description sent as null', () => {
    const account = anAccount({ description: 'Flights and taxis' });
    account.update({ description: null }, NOW);
    expect(account.snapshot().description).toBeNull();
  });

  it('refuses a different unique_id and accepts the same one', () => {
    const account = anAccount();
    expect(fieldErrorsOf(() => account.update({ uniqueId: 'acct-9999' }, NOW))).toEqual({
      unique_id: ['This field cannot be changed.'],
    });
    account.update({ uniqueId: 'acct-6300', name: 'Trips' }, NOW);
    expect([account.uniqueId, account.name]).toEqual(['acct-6300', 'Trips']);
  });

  it('refuses an invalid change and leaves the account as it was', () => {
    const account = anAccount();
    const before = account.snapshot();
    expect(fieldErrorsOf(() => account.update({ name: '', accountCode: 'x'.repeat(21) }, NOW))).toEqual({
      account_code: ['Ensure this field has no more than 20 characters.'],
      name: ['This field may not be blank.'],
    });
    expect(account.snapshot()).toEqual(before);
  });

  it('round-trips through restore', () => {
    const account = anAccount({ description: 'd' });
    expect(Account.restore(account.snapshot()).snapshot()).toEqual(account.snapshot());
  });
});
