import { NotificationPreferences } from '../../domain/notification/notification-preferences';
import { NotificationState } from '../../domain/notification/notification-kinds';
import { MailMessage } from '../organisation/organisation.ports';
import { Page, PageRequest } from '../shared/page';

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
  /** For a person who takes a daily digest: the day (in TIME_ZONE) it is held on, to go out in the next day's digest. */
  heldOn?: string;
  /** An e-mail written at most once whoever writes it (a reminder of a day): a second with the same key is not queued. */
  onceKey?: string;
}

/** A vendor whose follow-up date is a given day, with the person it is assigned to. */
export interface FollowUpDue {
  organisationId: string;
  vendorUniqueId: string;
  vendorName: string;
  assignedToId: string;
}

/** The vendors of every organisation whose follow-up date is `day`. */
export interface FollowUpsDue {
  on(day: string): Promise<FollowUpDue[]>;
}

/** The e-mails held for one person's digest, taken out of the queue's hold. */
export interface HeldNotifications {
  personId: string;
  organisationId: string;
  messages: MailMessage[];
}

/** A claimed e-mail, to send once. */
export interface QueuedNotification {
  id: string;
  organisationId: string;
  kind: string;
  recordUniqueId: string;
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
  /** Drops the e-mails of a record not yet sent (an invitation's old link, once it is resent or revoked), in the current transaction. */
  dropPending(organisationId: string, kind: string, recordUniqueId: string): Promise<void>;
  /** Records the attempt (`attempts` so far, the error of a failed one) and moves the delivery on; false when it was dropped meanwhile. */
  settle(id: string, attempt: { attempts: number; at: Date; error: string | null }, next: NotificationNext): Promise<boolean>;
  /** Whether some e-mail was held on a day before `today` (one indexed read: most rounds find none). */
  anyHeldBefore(today: string): Promise<boolean>;
  /**
   * Takes every e-mail held on a day before `today` out of the hold (they
   * become `digested`), grouped by person, in the current transaction: one
   * caller alone gets each.
   */
  releaseHeld(today: string): Promise<HeldNotifications[]>;
  /** Removes at most `limit` finished e-mails (sent, given up, or sent in a digest) written before `before`; answers how many went. */
  prune(before: Date, limit: number): Promise<number>;
  /** How many deliveries are pending (due or waiting for a retry), for metrics. */
  backlog(): Promise<number>;
  /** The person's deliveries, newest first. */
  listFor(personId: string, request: PageRequest): Promise<Page<NotificationDelivery>>;
}

/** A delivery as its recipient sees it. */
export interface NotificationDelivery {
  id: string;
  kind: string;
  recordUniqueId: string;
  state: NotificationState;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
}

/** Each person's preferences; a person who never changed them has the defaults. */
export interface NotificationPreferencesRepository {
  find(personId: string): Promise<NotificationPreferences>;
  findMany(personIds: string[]): Promise<Map<string, NotificationPreferences>>;
  save(personId: string, preferences: NotificationPreferences, at: Date): Promise<void>;
}

export const NOTIFICATION_TOKENS = {
  NotificationQueue: Symbol.for('NotificationQueue'),
  NotificationPreferencesRepository: Symbol.for('NotificationPreferencesRepository'),
  FollowUpsDue: Symbol.for('FollowUpsDue'),
} as const;
