import { inject, injectable } from 'inversify';
import { Account } from '../../domain/account/account';
import { Expense } from '../../domain/expense/expense';
import { Person } from '../../domain/person/person';
import { FieldErrors, ValidationFailed } from '../../domain/shared/errors';
import { ACCOUNT_TOKENS, AccountRepository } from '../account/account.ports';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { ExpenseCommand } from './expense-command';
import { EXPENSE_TOKENS, ExpenseVendor, ExpenseVendorDirectory } from './expense.ports';

export const doesNotExist = (uniqueId: string) => `Object with unique_id=${uniqueId} does not exist.`;
export const ACCOUNT_INACTIVE = 'This account is inactive; book the expense to an active account.';

export interface ResolvedReferences {
  accountId?: string;
  vendorId?: string | null;
  employeeId?: string | null;
  /** The records looked up, which the expense's view names too: it need not read them again. */
  found: FoundReferences;
}

/** Records already read, by kind: an expense's view reads only those it is not given. */
export interface FoundReferences {
  accounts: Account[];
  vendors: ExpenseVendor[];
  people: Person[];
}

/**
 * Turns the unique_ids a client names into the internal ids the expense keeps,
 * each looked up inside the organisation only. Every bad reference is reported at once.
 */
@injectable()
export class ExpenseReferences {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(EXPENSE_TOKENS.ExpenseVendorDirectory) private readonly vendors: ExpenseVendorDirectory,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
  ) {}

  /** `current`: the expense being edited, which may keep an account since made inactive. */
  async resolve(organisationId: string, command: ExpenseCommand, current?: Expense): Promise<ResolvedReferences> {
    // Looked up side by side (on Postgres's pipelined connections, one round trip's wait for all three).
    const [account, vendor, employee] = await Promise.all([
      lookUp(command.accountUniqueId, (uniqueId) => this.accounts.findByUniqueId(organisationId, uniqueId)),
      lookUp(command.vendorUniqueId, (uniqueId) => this.vendors.findByUniqueId(organisationId, uniqueId)),
      lookUp(command.employeeUniqueId, (uniqueId) => this.people.findMemberByUniqueId(organisationId, uniqueId)),
    ]);
    const errors: FieldErrors = {};
    const found: FoundReferences = { accounts: [], vendors: [], people: [] };
    const resolved: ResolvedReferences = { found };
    if (command.accountUniqueId !== undefined) {
      if (!account) errors.account_id = [doesNotExist(command.accountUniqueId)];
      else if (!account.isActive && account.id !== current?.accountId) errors.account_id = [ACCOUNT_INACTIVE];
      else {
        resolved.accountId = account.id;
        found.accounts.push(account);
      }
    }
    resolved.vendorId = optional('vendor_id', command.vendorUniqueId, vendor, errors, found.vendors);
    resolved.employeeId = optional('employee_id', command.employeeUniqueId, employee, errors, found.people);
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    return resolved;
  }
}

/** The record a reference names, if one is named (null or undefined: none to look up). */
function lookUp<T>(uniqueId: string | null | undefined, find: (uniqueId: string) => Promise<T | null>): Promise<T | null> {
  return uniqueId === undefined || uniqueId === null ? Promise.resolve(null) : find(uniqueId);
}

/** A nullable reference: undefined when not sent, null to clear it, else the id of the record it names (kept in `found`). */
function optional<T extends { id: string }>(
  field: string,
  uniqueId: string | null | undefined,
  record: T | null,
  errors: FieldErrors,
  found: T[],
): string | null | undefined {
  if (uniqueId === undefined || uniqueId === null) return uniqueId;
  if (!record) errors[field] = [doesNotExist(uniqueId)];
  else found.push(record);
  return record?.id;
}
