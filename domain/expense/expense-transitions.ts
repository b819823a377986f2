import { Choices, ChoiceOf } from '../shared/choices';
import type { ExpenseSnapshot } from './expense';
import { ExpenseStatus } from './expense-status';

/** The `action` query parameter of the expense action endpoint. */
export const EXPENSE_ACTIONS = new Choices([
  ['submit', 'Submit'],
  ['approve', 'Approve'],
  ['reject', 'Reject'],
  ['mark_paid', 'Mark as paid'],
  ['reimburse', 'Reimburse'],
  ['reopen', 'Reopen'],
] as const);
export type ExpenseAction = ChoiceOf<typeof EXPENSE_ACTIONS>;

export interface TransitionContext {
  actorId: string | null;
  now: Date;
  reason: string | null;
}

/** The only fields, besides status and last_updated, that an action may touch. */
export type TransitionEffect = Partial<
  Pick<ExpenseSnapshot, 'submittedDate' | 'approvedDate' | 'approvedById' | 'paidDate' | 'rejectionReason'>
>;

export interface ExpenseTransition {
  readonly from: ExpenseStatus;
  readonly to: ExpenseStatus;
  readonly effect: (context: TransitionContext) => TransitionEffect;
}

/**
 * The expense state machine, whole: an action not listed from a status is
 * refused. Who may take an action is not the domain's: see the application's
 * authorisation policy.
 */
export const EXPENSE_TRANSITIONS: Readonly<Record<ExpenseAction, ExpenseTransition>> = {
  // A resubmitted expense no longer carries the reason of its earlier rejection.
  submit: { from: 'draft', to: 'submitted', effect: ({ now }) => ({ submittedDate: now, rejectionReason: null }) },
  approve: { from: 'submitted', to: 'approved', effect: ({ actorId, now }) => ({ approvedDate: now, approvedById: actorId }) },
  reject: { from: 'submitted', to: 'rejected', effect: ({ reason }) => ({ rejectionReason: reason }) },
  mark_paid: { from: 'approved', to: 'paid', effect: ({ now }) => ({ paidDate: now }) },
  reimburse: { from: 'approved', to: 'reimbursed', effect: ({ now }) => ({ paidDate: now }) },
  // The rejection reason stays visible while the expense is being corrected.
  reopen: { from: 'rejected', to: 'draft', effect: () => ({}) },
};

/** The actions an expense in `status` accepts. */
export function actionsFrom(status: ExpenseStatus): ExpenseAction[] {
  return EXPENSE_ACTIONS.values.filter((action) => EXPENSE_TRANSITIONS[action].from === status);
}
