import { Choices, ChoiceOf } from '../shared/choices';

export const EXPENSE_STATUSES = new Choices([
  ['draft', 'Draft'],
  ['submitted', 'Submitted'],
  ['approved', 'Approved'],
  ['paid', 'Paid'],
  ['rejected', 'Rejected'],
  ['reimbursed', 'Reimbursed'],
] as const);
export type ExpenseStatus = ChoiceOf<typeof EXPENSE_STATUSES>;

/** A new expense starts as a draft or goes straight to approval; every later status is earned by an action. */
export const CREATABLE_EXPENSE_STATUSES: readonly ExpenseStatus[] = ['draft', 'submitted'];

/** Once submitted for approval an expense is frozen until it is rejected (and can be corrected). */
export const EDITABLE_EXPENSE_STATUSES: readonly ExpenseStatus[] = ['draft', 'rejected'];
