import { EXPENSE_ACTION_EVENTS } from '../webhook/webhook-events';

/** The expense actions of the workflow, each a kind of e-mail. */
export const EXPENSE_NOTIFICATION_KINDS = Object.values(EXPENSE_ACTION_EVENTS);
export type ExpenseNotificationKind = (typeof EXPENSE_NOTIFICATION_KINDS)[number];

/** A lead or a vendor assigned to a member by someone else: each a kind of e-mail to the assignee. */
export const ASSIGNMENT_NOTIFICATION_KINDS = ['lead.assigned', 'vendor.assigned'] as const;
export type AssignmentNotificationKind = (typeof ASSIGNMENT_NOTIFICATION_KINDS)[number];

/** What a person may be e-mailed about: each expense action, a vendor's follow-up date reached, a lead or a vendor assigned to them. */
export const NOTIFICATION_KINDS = [...EXPENSE_NOTIFICATION_KINDS, 'vendor.follow_up', ...ASSIGNMENT_NOTIFICATION_KINDS] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export function isNotificationKind(type: string): type is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(type);
}

export function isExpenseNotificationKind(type: string): type is ExpenseNotificationKind {
  return (EXPENSE_NOTIFICATION_KINDS as readonly string[]).includes(type);
}

/**
 * Where a delivery stands: waiting (due or for its retry), sent, given up
 * after the last retry; or, for a person who takes a daily digest, held for
 * the day's digest, then sent within it.
 */
export const NOTIFICATION_STATES = ['pending', 'sent', 'failed', 'held', 'digested'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/** The kind of the daily digest e-mail itself. */
export const DIGEST_KIND = 'digest';

/** The kind of an invitation's e-mail (to someone who may have no account yet: not a preference of anyone's). */
export const INVITATION_KIND = 'invitation';

/** The kind of the notice to an organisation's owner that failures disabled a webhook endpoint (no preference turns it off). */
export const WEBHOOK_DISABLED_KIND = 'webhook_endpoint.disabled';
