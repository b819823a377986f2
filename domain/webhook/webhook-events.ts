import type { ExpenseAction } from '../expense/expense-transitions';

/**
 * What an organisation's webhooks may subscribe to (contract section 9), and
 * the schedule of a delivery that keeps failing.
 */
export const WEBHOOK_EVENT_TYPES = [
  'expense.created',
  'expense.updated',
  'expense.deleted',
  'expense.submitted',
  'expense.approved',
  'expense.rejected',
  'expense.paid',
  'expense.reimbursed',
  'expense.reopened',
  'lead.created',
  'lead.updated',
  'lead.deleted',
  'lead.won',
  'lead.lost',
  'vendor.created',
  'vendor.updated',
  'vendor.deleted',
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'project.created',
  'project.updated',
  'project.deleted',
  'member.joined',
  'member.removed',
  'member.role_changed',
  'import.completed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What `ping/` sends: no subscription needed, never retried. */
export const PING_EVENT = 'webhook.ping';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The wait before each retry: about 1 min, 5 min, 30 min, 2 h, 8 h; then the delivery is given up. */
export const RETRY_DELAYS_MS: readonly number[] = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 8 * HOUR];

/** An endpoint that has failed every attempt for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 72 * HOUR;

/** An answer that counts as delivered must come within this long. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** Whether an answer counts as delivered: a 2xx (a redirect does not: it is not followed). */
export function isDelivered(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}

/** When a delivery that has failed `failedAttempts` times is tried next, or null once it is given up. */
export function nextAttemptAt(failedAttempts: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[failedAttempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}

/** The events expense actions raise, by action. */
export const EXPENSE_ACTION_EVENTS = {
  submit: 'expense.submitted',
  approve: 'expense.approved',
  reject: 'expense.rejected',
  mark_paid: 'expense.paid',
  reimburse: 'expense.reimbursed',
  reopen: 'expense.reopened',
} as const satisfies Record<ExpenseAction, WebhookEventType>;
