import { Page, PageRequest, slicePage } from '../../../application/shared/page';
import { ClaimBounds, DeliveryAttempt, DeliveryNext, QueuedDelivery, WebhookEndpointRepository, WebhookQueue } from '../../../application/webhook/webhook.ports';
import { WebhookEndpoint, WebhookEndpointSnapshot } from '../../../domain/webhook/webhook-endpoint';
import { WebhookEventType } from '../../../domain/webhook/webhook-events';
import { WEBHOOK_ENDPOINT_DECLARATION } from '../../declaration/webhook/webhook-endpoint.declaration';
import { InMemoryDeclaredRecords } from './in-memory-declared-records';

/** The in-memory twin of `TypeOrmWebhookEndpointRepository`, for use-case tests. */
export class InMemoryWebhookEndpointRepository extends InMemoryDeclaredRecords<WebhookEndpoint> implements WebhookEndpointRepository {
  constructor() {
    super(WEBHOOK_ENDPOINT_DECLARATION);
  }

  async findById(id: string): Promise<WebhookEndpoint | null> {
    const row = this.byId(id) as WebhookEndpointSnapshot | undefined;
    return row ? WebhookEndpoint.restore(row) : null;
  }

  async subscribedTo(organisationId: string, type: WebhookEventType): Promise<WebhookEndpoint[]> {
    return (this.of(organisationId) as WebhookEndpointSnapshot[]).map(WebhookEndpoint.restore).filter((endpoint) => endpoint.subscribesTo(type));
  }

  async countLockingOrganisation(organisationId: string): Promise<number> {
    return this.of(organisationId).length;
  }
}

interface DeliveryRow {
  seq: number;
  endpointId: string;
  eventId: string;
  eventType: string;
  recordKey: string;
  payload: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  claimedUntil: number | null;
}

/** The outbox in process memory, with the same claiming rules as the database's. */
export class InMemoryWebhookQueue implements WebhookQueue {
  private readonly deliveries: DeliveryRow[] = [];
  private readonly log_: { endpointId: string; attempt: DeliveryAttempt }[] = [];
  private seq = 0;

  constructor(private readonly endpoints: InMemoryWebhookEndpointRepository) {}

  async enqueue(event: { id: string; type: string; recordKey: string; payload: string; at: Date }, endpointIds: string[]): Promise<void> {
    for (const endpointId of endpointIds) {
      this.seq += 1;
      this.deliveries.push({
        seq: this.seq,
        endpointId,
        eventId: event.id,
        eventType: event.type,
        recordKey: event.recordKey,
        payload: event.payload,
        state: 'pending',
        attempts: 0,
        nextAttemptAt: event.at.getTime(),
        claimedUntil: null,
      });
    }
  }

  async claim(now: Date, limit: number, leaseUntil: Date, bounds?: ClaimBounds): Promise<QueuedDelivery[]> {
    const at = now.getTime();
    const live = this.deliveries.filter((d) => d.state === 'pending' && (d.claimedUntil ?? 0) > at);
    const organisationOf = new Map<string, string>();
    const due: { row: DeliveryRow; organisationId: string; endpointSlot: number }[] = [];
    const endpointSlots = new Map<string, number>();
    for (const row of this.deliveries) {
      if (row.state !== 'pending' || row.nextAttemptAt > at || (row.claimedUntil ?? 0) > at) continue;
      const endpoint = await this.endpoints.findById(row.endpointId);
      if (!endpoint?.isActive) continue;
      const earlier = this.deliveries.some((d) => d.state === 'pending' && d.endpointId === row.endpointId && d.recordKey === row.recordKey && d.seq < row.seq);
      if (earlier) continue;
      organisationOf.set(row.endpointId, endpoint.organisationId);
      const slot = endpointSlots.get(row.endpointId) ?? live.filter((d) => d.endpointId === row.endpointId).length;
      endpointSlots.set(row.endpointId, slot + 1);
      if (slot + 1 <= (bounds?.perEndpoint ?? Infinity)) due.push({ row, organisationId: endpoint.organisationId, endpointSlot: slot + 1 });
    }
    // As the SQL does: each organisation's deliveries numbered after its live claims, kept within its bound, taken in turns.
    const organisationBusy = async (organisationId: string) => {
      let busy = 0;
      for (const d of live) if ((organisationOf.get(d.endpointId) ?? (await this.endpoints.findById(d.endpointId))?.organisationId) === organisationId) busy += 1;
      return busy;
    };
    const organisationSlots = new Map<string, number>();
    const ranked: { row: DeliveryRow; slot: number }[] = [];
    for (const entry of [...due].sort((x, y) => x.endpointSlot - y.endpointSlot || x.row.seq - y.row.seq)) {
      const slot = (organisationSlots.get(entry.organisationId) ?? (await organisationBusy(entry.organisationId))) + 1;
      organisationSlots.set(entry.organisationId, slot);
      if (slot <= (bounds?.perOrganisation ?? Infinity)) ranked.push({ row: entry.row, slot });
    }
    ranked.sort((x, y) => x.slot - y.slot || x.row.seq - y.row.seq);
    return ranked.slice(0, limit).map(({ row }) => {
      row.claimedUntil = leaseUntil.getTime();
      return { id: String(row.seq), endpointId: row.endpointId, eventId: row.eventId, eventType: row.eventType, payload: row.payload, attempts: row.attempts };
    });
  }

  async settle(delivery: QueuedDelivery, attempt: DeliveryAttempt, next: DeliveryNext): Promise<void> {
    await this.log(delivery.endpointId, attempt);
    const row = this.deliveries.find((d) => String(d.seq) === delivery.id);
    if (!row) return;
    row.state = next.state;
    row.attempts = attempt.attempt;
    row.claimedUntil = null;
    if (next.state === 'pending') row.nextAttemptAt = next.at.getTime();
  }

  async log(endpointId: string, attempt: DeliveryAttempt): Promise<void> {
    this.log_.push({ endpointId, attempt });
  }

  async backlog(): Promise<number> {
    return this.deliveries.filter((d) => d.state === 'pending').length;
  }

  async prune(before: Date, limit: number): Promise<number> {
    const finished = this.deliveries.filter((d) => d.state !== 'pending' && d.nextAttemptAt < before.getTime()).slice(0, limit);
    const old = this.log_.filter((entry) => entry.attempt.at < before).slice(0, limit);
    for (const delivery of finished) this.deliveries.splice(this.deliveries.indexOf(delivery), 1);
    for (const entry of old) this.log_.splice(this.log_.indexOf(entry), 1);
    return finished.length + old.length;
  }

  async attempts(endpointId: string, request: PageRequest): Promise<Page<DeliveryAttempt>> {
    const attempts = this.log_.filter((entry) => entry.endpointId === endpointId).map((entry) => entry.attempt);
    return slicePage(attempts.reverse(), request);
  }
}
