import { UniqueField } from '../shared/uniqueness';
import { DUPLICATE_EXPENSE_NUMBER, DUPLICATE_EXPENSE_UNIQUE_ID, ExpenseRepository } from './expense.ports';

/** An expense's unique_id and number, each to be free in the organisation (`exceptId`: the expense being changed). */
export function expenseUniqueFields(
  expenses: ExpenseRepository,
  organisationId: string,
  candidate: { uniqueId?: string; expenseNumber?: string },
  exceptId?: string,
): UniqueField[] {
  return [
    {
      field: 'unique_id',
      message: DUPLICATE_EXPENSE_UNIQUE_ID,
      value: candidate.uniqueId,
      isTaken: (uniqueId) => expenses.existsWithUniqueId(organisationId, uniqueId),
    },
    {
      field: 'expense_number',
      message: DUPLICATE_EXPENSE_NUMBER,
      value: candidate.expenseNumber,
      isTaken: (number) => expenses.existsWithNumber(organisationId, number, exceptId),
    },
  ];
}
