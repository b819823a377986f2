import { CreateExpense, Expense } from '../../../../domain/expense/expense';
import { ExpenseStatus } from '../../../../domain/expense/expense-status';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';

export const CREATOR = 'person-member';
export const OWNER = 'person-owner';
export const CREATED_AT = new Date('2026-01-10T09:00:00.000Z');
export const NOW = new Date('2026-02-01T12:30:00.000Z');

/** A draft with every optional field left to its default. */
export function aDraft(overrides: Partial<CreateExpense> = {}): Expense {
  return Expense.create({
    id: 'expense-1',
    uniqueId: 'exp-taxi-1',
    organisationId: 'org-1',
    createdById: CREATOR,
    title: 'Taxi to client meeting',
    expenseNumber: 'EXP-000001',
    accountId: 'account-6300',
    expenseDate: CalendarDate.of('2026-01-09'),
    amount: Decimal.of('25.00'),
    lockDate: null,
    now: CREATED_AT,
    ...overrides,
  });
}

const step = (day: number) => new Date(`2026-01-${String(day).padStart(2, '0')}T10:00:00.000Z`);

/** An expense brought to `status` the way users do it, every step dated before NOW. */
export function anExpenseIn(status: ExpenseStatus): Expense {
  const expense = aDraft();
  if (status === 'draft') return expense;
  expense.submit(step(11));
  if (status === 'submitted') return expense;
  if (status === 'rejected') {
    expense.reject('Receipt is missing', step(12));
    return expense;
  }
  expense.approve(OWNER, step(12));
  if (status === 'approved') return expense;
  if (status === 'paid') expense.markPaid(step(13));
  if (status === 'reimbursed') expense.reimburse(step(13));
  return expense;
}
