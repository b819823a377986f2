import { Choices, ChoiceOf } from '../shared/choices';
import { FieldErrors, ValidationFailed } from '../shared/errors';
import { stripUndefined } from '../shared/nested';
import { assertUniqueIdUnchanged } from '../shared/unique-id';
import { OrganisationRecord } from '../shared/organisation-record';

export const ACCOUNT_TYPES = new Choices([
  ['asset', 'Asset'],
  ['liability', 'Liability'],
  ['equity', 'Equity'],
  ['income', 'Income'],
  ['expense', 'Expense'],
] as const);
export type AccountType = ChoiceOf<typeof ACCOUNT_TYPES>;

// Decision (the contract gives no limit): 20 characters holds every usual
// numbering scheme, plain ("6400") or segmented ("6400-01-NBO").
export const ACCOUNT_CODE_MAX_LENGTH = 20;
export const ACCOUNT_NAME_MAX_LENGTH = 200;

/** What a member may set on an account. */
export interface AccountDetails {
  accountCode: string;
  name: string;
  accountType: AccountType;
  description: string | null;
  isActive: boolean;
}

export interface AccountSnapshot extends AccountDetails {
  id: string;
  uniqueId: string;
  organisationId: string;
  dateCreated: Date;
  lastUpdated: Date;
}

export interface CreateAccount {
  id: string;
  uniqueId: string;
  organisationId: string;
  accountCode: string;
  name: string;
  accountType: AccountType;
  description?: string | null;
  isActive?: boolean;
  now: Date;
}

/** Left-out (undefined) fields keep their values. */
export type AccountChanges = Partial<AccountDetails> & { uniqueId?: string };

/**
 * An entry of an organisation's chart of accounts; expenses are booked to one.
 * The code's uniqueness within the organisation needs the repository, so the
 * application layer checks it.
 */
export class Account extends OrganisationRecord<AccountSnapshot> {
  private constructor(state: AccountSnapshot) {
    super(state);
  }

  static create(input: CreateAccount): Account {
    const details: AccountDetails = {
      accountCode: input.accountCode,
      name: input.name,
      accountType: input.accountType,
      description: input.description ?? null,
      isActive: input.isActive ?? true,
    };
    assertValid(details);
    return new Account(Object.assign({}, details, {
      id: input.id,
      uniqueId: input.uniqueId,
      organisationId: input.organisationId,
      dateCreated: input.now,
      lastUpdated: input.now,
    }));
  }

  /** For mappers only: rebuilds an account from storage. */
  static restore(snapshot: AccountSnapshot): Account {
    return new Account({ ...snapshot });
  }

  get accountCode(): string {
    return this.state.accountCode;
  }

  get name(): string {
    return this.state.name;
  }

  get accountType(): AccountType {
    return this.state.accountType;
  }

  get isActive(): boolean {
    return this.state.isActive;
  }

  update(changes: AccountChanges, now: Date): void {
    const { uniqueId, ...detailChanges } = changes;
    assertUniqueIdUnchanged(this.state.uniqueId, uniqueId);
    const next: AccountSnapshot = { ...this.state, ...stripUndefined(detailChanges), lastUpdated: now };
    assertValid(next);
    this.state = next;
  }
}

// The HTTP layer trims and checks shapes first (as DRF's CharField does); this
// guard keeps an account that breaks them from ever existing.
function assertValid(details: AccountDetails): void {
  const errors: FieldErrors = {};
  const code = checkText(details.accountCode, ACCOUNT_CODE_MAX_LENGTH);
  if (code) errors.account_code = [code];
  const name = checkText(details.name, ACCOUNT_NAME_MAX_LENGTH);
  if (name) errors.name = [name];
  if (!ACCOUNT_TYPES.has(details.accountType)) {
    errors.account_type = [`"${String(details.accountType)}" is not a valid choice.`];
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}

function checkText(value: string, maxLength: number): string | null {
  if (value.trim().length === 0) return 'This field may not be blank.';
  if (value.length > maxLength) return `Ensure this field has no more than ${maxLength} characters.`;
  return null;
}
