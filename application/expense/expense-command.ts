import { ExpenseStatus } from '../../domain/expense/expense-status';
import { CalendarDate } from '../../domain/shared/calendar-date';
import { Decimal } from '../../domain/shared/decimal';
import { IncomingFile } from '../shared/incoming-file';

/**
 * What a client writes on an expense: references by unique_id, the receipt as
 * an uploaded file (null removes it). Left-out fields are not changed.
 */
export interface ExpenseCommand {
  uniqueId?: string;
  title?: string;
  description?: string | null;
  notes?: string | null;
  expenseNumber?: string;
  accountUniqueId?: string;
  vendorUniqueId?: string | null;
  employeeUniqueId?: string | null;
  expenseDate?: CalendarDate;
  amount?: Decimal;
  taxAmount?: Decimal;
  receipt?: IncomingFile | null;
  vatProcessed?: boolean;
  status?: ExpenseStatus;
}

export type NewExpenseCommand = ExpenseCommand &
  Required<Pick<ExpenseCommand, 'title' | 'expenseNumber' | 'accountUniqueId' | 'expenseDate' | 'amount'>>;

/** The command's own fields of the expense, its references and receipt set apart. */
export function detailsOf<C extends ExpenseCommand>(
  command: C,
): Omit<C, 'uniqueId' | 'accountUniqueId' | 'vendorUniqueId' | 'employeeUniqueId' | 'receipt'> {
  const { uniqueId, accountUniqueId, vendorUniqueId, employeeUniqueId, receipt, ...details } = command;
  return details;
}
