import { Expense } from '../../domain/expense/expense';
import { ExpenseStatus } from '../../domain/expense/expense-status';
import { CalendarDate } from '../../domain/shared/calendar-date';
import { ListQuery, Page } from '../shared/page';

export type ExpenseOrderingField = 'expenseDate' | 'amount' | 'totalAmount' | 'expenseNumber' | 'dateCreated';

/** A record a filter names, once found in the organisation: the repository filters on its internal id. */
export interface FoundRecord {
  id: string;
}

/**
 * The expense list's filters. `account`, `employee` and `vendor` name records:
 * by unique_id as the client sends them (`ExpenseFilters`), and as the records
 * found (`ExpenseFilters<FoundRecord>`) once the list use case has resolved them
 * for the repository.
 */
export interface ExpenseFilters<Reference = string> {
  account?: Reference;
  employee?: Reference;
  vendor?: Reference;
  /** Inclusive. */
  fromDate?: CalendarDate;
  /** Inclusive. */
  toDate?: CalendarDate;
  /** Case-insensitive part of the expense number or of the title. */
  search?: string;
  status?: ExpenseStatus;
}

export interface ExpenseRepository {
  /** `forUpdate` locks the row until the current transaction ends (writers use it). */
  findByUniqueId(organisationId: string, uniqueId: string, options?: { forUpdate?: boolean }): Promise<Expense | null>;
  list(organisationId: string, query: ListQuery<ExpenseFilters<FoundRecord>, ExpenseOrderingField>): Promise<Page<Expense>>;
  existsWithUniqueId(organisationId: string, uniqueId: string): Promise<boolean>;
  /** Whether an expense of the organisation other than `exceptId` has this number. */
  existsWithNumber(organisationId: string, expenseNumber: string, exceptId?: string): Promise<boolean>;
  /** Inserts or updates; a duplicate unique_id or number is a ValidationFailed on that field. */
  save(expense: Expense): Promise<void>;
  delete(expense: Expense): Promise<void>;
  isAccountUsed(organisationId: string, accountId: string): Promise<boolean>;
  /** For the vendor area: a vendor that expenses name cannot be deleted. */
  isVendorUsed(organisationId: string, vendorId: string): Promise<boolean>;
}

/** A vendor as an expense shows it. */
export interface ExpenseVendor {
  id: string;
  uniqueId: string;
  name: string;
}

/**
 * The vendors an expense may name, as the expense area needs them. The vendor
 * area implements it on its repository; until then nothing is found.
 */
export interface ExpenseVendorDirectory {
  findByUniqueId(organisationId: string, uniqueId: string): Promise<ExpenseVendor | null>;
  findByIds(organisationId: string, ids: string[]): Promise<ExpenseVendor[]>;
}

export const DUPLICATE_EXPENSE_NUMBER = 'expense with this expense number already exists.';
export const DUPLICATE_EXPENSE_UNIQUE_ID = 'expense with this unique id already exists.';

export const EXPENSE_TOKENS = {
  ExpenseRepository: Symbol.for('ExpenseRepository'),
  ExpenseVendorDirectory: Symbol.for('ExpenseVendorDirectory'),
} as const;
