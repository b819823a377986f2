import { EXPENSE_ACTION_EVENTS } from '../webhook/webhook-events';

/** What a person may be e-mailed about: each expense action of the workflow. */
export const NOTIFICATION_KINDS = Object.values(EXPENSE_ACTION_EVENTS);

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export function isNotificationKind(type: string): type is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(type);
}

/** Where a delivery stands: waiting (due or for its retry), sent, or given up after the last retry. */
export type NotificationState = 'pending' | 'sent' | 'failed';
