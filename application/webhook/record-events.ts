import type { WebhookEventType } from '../../domain/webhook/webhook-events';
import type { KeptImport } from '../import/import.ports';
import type { MemberView } from '../organisation/list-members.use-case';
import type { RecordView } from '../records/record-views';

/**
 * The record an event is about, as the use case that changed it sees it: a
 * record of a declared kind (`declared`), presented as its declaration says, or
 * one of the kinds with a presenter of their own.
 */
export type EventSubject =
  | { model: 'member'; view: MemberView }
  | { model: 'import'; view: KeptImport }
  | { model: string; declared: true; view: RecordView };

/** Something that happened to one record of an organisation. */
export interface RecordEvent {
  organisation: { id: string; uniqueId: string };
  type: WebhookEventType;
  /** The record's internal id: events of one record are delivered in the order they were committed. */
  recordId: string;
  subject: EventSubject;
  /** An update's record as it was before (its snapshot), for a listener that tells what changed (a new assignee); not sent to webhooks. */
  before?: object;
}

/**
 * Where use cases announce what they changed, in the transaction of the
 * change: an event committed with it, or neither (contract section 9).
 */
export interface RecordEvents {
  publish(event: RecordEvent): Promise<void>;
}

export const EVENT_TOKENS = {
  RecordEvents: Symbol.for('RecordEvents'),
} as const;

/** Every listener of the changes (the webhooks' outbox, the e-mails'), each told in turn in the change's transaction. */
export class RecordEventListeners implements RecordEvents {
  constructor(private readonly listeners: RecordEvents[]) {}

  async publish(event: RecordEvent): Promise<void> {
    for (const listener of this.listeners) await listener.publish(event);
  }
}
