import { MailMessage } from '../organisation/organisation.ports';

/** An e-mail to queue, written in the transaction of the change it tells of. */
export interface NewNotification {
  id: string;
  organisationId: string;
  /** Whom it is for: null for someone who has no account yet (an invitee). */
  personId: string | null;
  kind: string;
  /** The unique_id of the record it is about. */
  recordUniqueId: string;
  message: MailMessage;
  at: Date;
}

/** A claimed e-mail, to send once. */
export interface QueuedNotification {
  id: string;
  kind: string;
  message: MailMessage;
  /** Failed attempts so far. */
  attempts: number;
}

/** What becomes of a delivery after an attempt. */
export type NotificationNext = { state: 'sent' } | { state: 'pending'; at: Date } | { state: 'failed' };

/**
 * The e-mail outbox: deliveries written with the change, claimed by whichever
 * worker comes first for a lease (as webhook deliveries are), each settled
 * once its attempt is over.
 */
export interface NotificationQueue {
  /** In the current transaction; each due at once. */
  enqueue(notifications: NewNotification[]): Promise<void>;
  /** Claims up to `limit` deliveries due at `now` until `leaseUntil`, none claimed by another worker whose lease still runs. */
  claim(now: Date, limit: number, leaseUntil: Date): Promise<QueuedNotification[]>;
  /** Records the attempt (`attempts` so far, the error of a failed one) and moves the delivery on. */
  settle(id: string, attempt: { attempts: number; at: Date; error: string | null }, next: NotificationNext): Promise<void>;
  /** How many deliveries are pending (due or waiting for a retry), for metrics. */
  backlog(): Promise<number>;
}

export const NOTIFICATION_TOKENS = {
  NotificationQueue: Symbol.for('NotificationQueue'),
} as const;
