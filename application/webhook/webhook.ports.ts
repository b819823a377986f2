import { WebhookEndpoint } from '../../domain/webhook/webhook-endpoint';
import { WebhookEventType } from '../../domain/webhook/webhook-events';
import { Page, PageRequest } from '../shared/page';
import { RecordRepository } from '../records/record.ports';
import { EventSubject } from './record-events';

/** The endpoints' store (declared): a record store, with what the outbox and its worker read. A delete takes the endpoint's queue and log with it. */
export interface WebhookEndpointRepository extends RecordRepository<WebhookEndpoint> {
  /** `forUpdate` locks the row until the current transaction ends. */
  findById(id: string, options?: { forUpdate?: boolean }): Promise<WebhookEndpoint | null>;
  /** The organisation's active endpoints subscribed to `type`. */
  subscribedTo(organisationId: string, type: WebhookEventType): Promise<WebhookEndpoint[]>;
  /**
   * How many endpoints the organisation has, its row locked until the current
   * transaction ends: creates in one organisation take turns over the count.
   */
  countLockingOrganisation(organisationId: string): Promise<number>;
}

/** One event on its way to one endpoint. */
export interface QueuedDelivery {
  id: string;
  endpointId: string;
  /** The message id receivers de-duplicate by: the same for every endpoint and every attempt. */
  eventId: string;
  eventType: string;
  /** The exact body, as first written, sealed (`openPayload`): every attempt sends the same bytes. */
  payload: string;
  /** Failed attempts so far. */
  attempts: number;
}

/** What one attempt got back: a status, or an error before any (refused, timed out, a forbidden address). */
export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface DeliveryAttempt extends AttemptOutcome {
  id: string;
  eventId: string;
  eventType: string;
  /** 1 for the first attempt of a delivery. */
  attempt: number;
  succeeded: boolean;
  at: Date;
}

/** What becomes of a delivery after an attempt. */
export type DeliveryNext = { state: 'delivered' } | { state: 'pending'; at: Date } | { state: 'failed' };

/** How many deliveries may be out at once (claimed by any worker, lease running), per endpoint and per organisation. */
export interface ClaimBounds {
  perEndpoint: number;
  perOrganisation: number;
}

/** The outbox: deliveries written with the change, claimed by whichever instance's worker comes first. */
export interface WebhookQueue {
  /** In the current transaction: the event, and one delivery of it to each endpoint, due at once. */
  enqueue(event: { id: string; organisationId: string; type: string; recordKey: string; payload: string; at: Date }, endpointIds: string[]): Promise<void>;
  /**
   * Claims up to `limit` deliveries due at `now` until `leaseUntil`, each the
   * oldest pending one of its endpoint and record, none claimed by another
   * worker whose lease still runs. Fair: no endpoint ends up with more than
   * `bounds.perEndpoint` live claims, no organisation with more than
   * `bounds.perOrganisation`, and organisations take turns (each one's first
   * due delivery before anyone's second).
   */
  claim(now: Date, limit: number, leaseUntil: Date, bounds?: ClaimBounds): Promise<QueuedDelivery[]>;
  /** Logs the attempt and moves the delivery on. */
  settle(delivery: QueuedDelivery, attempt: DeliveryAttempt, next: DeliveryNext): Promise<void>;
  /** Logs an attempt outside the queue (a ping). */
  log(endpointId: string, attempt: DeliveryAttempt): Promise<void>;
  /** The endpoint's attempts, newest first. */
  attempts(endpointId: string, request: PageRequest): Promise<Page<DeliveryAttempt>>;
  /**
   * Removes at most `limit` finished deliveries (delivered or given up) and
   * logged attempts from before `before`, and events left with no delivery;
   * answers how many deliveries and attempts went.
   */
  prune(before: Date, limit: number): Promise<number>;
  /** How many deliveries are pending (due or waiting for a retry), for metrics. */
  backlog(): Promise<number>;
}

/** A message as it leaves: signed by the sender with the endpoint's secret. */
export interface OutgoingMessage {
  url: string;
  secret: string;
  id: string;
  timestamp: Date;
  body: string;
}

/** POSTs a message; never throws for what the receiver or the network did. */
export interface WebhookSender {
  send(message: OutgoingMessage): Promise<AttemptOutcome>;
}

/** The record of an event as the API presents it. */
export interface EventPayloads {
  present(subject: EventSubject): object;
}

/** A new endpoint's signing secret, in the form receivers' libraries take (`whsec_…`). */
export interface WebhookSecrets {
  generate(): string;
}

export const WEBHOOK_TOKENS = {
  WebhookEndpointRepository: Symbol.for('WebhookEndpointRepository'),
  WebhookQueue: Symbol.for('WebhookQueue'),
  WebhookSender: Symbol.for('WebhookSender'),
  EventPayloads: Symbol.for('EventPayloads'),
  WebhookSecrets: Symbol.for('WebhookSecrets'),
  UrlPolicy: Symbol.for('WebhookUrlPolicy'),
  /** A `RateLimit` of pings per endpoint. */
  PingLimit: Symbol.for('WebhookPingLimit'),
} as const;
