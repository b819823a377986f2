import { Expense } from '../../domain/expense/expense';
import { ExpenseStatus } from '../../domain/expense/expense-status';
import { CalendarDate } from '../../domain/shared/calendar-date';
import { ProjectExpenses } from '../project/project.kind';
import { RecordRepository } from '../records/record.ports';

/** The expense list's orderings, as the wire names them. */
export type ExpenseOrderingField = 'expense_date' | 'amount' | 'total_amount' | 'expense_number' | 'date_created';

/**
 * The expense list's filters, as its declaration names them. `account_id`,
 * `employee_id` and `vendor_id` name records: by unique_id as the client sends
 * them, by internal id once the list has found them for the repository.
 */
export type ExpenseFilters = {
  account_id?: string;
  employee_id?: string;
  vendor_id?: string;
  project_id?: string;
  /** Inclusive. */
  from_date?: CalendarDate;
  /** Inclusive. */
  to_date?: CalendarDate;
  /** Case-insensitive part of the expense number or of the title. */
  search?: string;
  status?: ExpenseStatus;
};

/** Expenses; also answers whether an account, a vendor or a project is in use by one, and what projects spent. */
export interface ExpenseRepository extends RecordRepository<Expense>, ProjectExpenses {
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

export const EXPENSE_TOKENS = {
  ExpenseRepository: Symbol.for('ExpenseRepository'),
  ExpenseVendorDirectory: Symbol.for('ExpenseVendorDirectory'),
} as const;
