import { inject, injectable } from 'inversify';
import { Page, PageRequest } from '../../../../application/shared/page';
import { duplicateUniqueId } from '../../../../application/shared/records';
import { WebhookEndpointRepository } from '../../../../application/webhook/webhook.ports';
import { WebhookEndpoint } from '../../../../domain/webhook/webhook-endpoint';
import { WebhookEventType } from '../../../../domain/webhook/webhook-events';
import { isUniqueViolation, NamedParameters, TypeOrmDatabase } from '../engine';
import { readListPage } from '../sql-page';

interface EndpointRow {
  id: string;
  organisation_id: string;
  unique_id: string;
  url: string;
  events: string;
  is_active: number | boolean;
  secret: string;
  failing_since: number | string | null;
  date_created: number | string;
  last_updated: number | string;
}

const COLUMNS = 'id, organisation_id, unique_id, url, events, is_active, secret, failing_since, date_created, last_updated';

/** Endpoints in `webhook_endpoints` (migration 990), read and written with plain statements. */
@injectable()
export class TypeOrmWebhookEndpointRepository implements WebhookEndpointRepository {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async findByUniqueId(organisationId: string, uniqueId: string, options: { forUpdate?: boolean } = {}): Promise<WebhookEndpoint | null> {
    const lock = options.forUpdate ? this.db.lockClause : '';
    const [endpoint] = await this.where(`organisation_id = :organisationId AND unique_id = :uniqueId${lock}`, { organisationId, uniqueId });
    return endpoint ?? null;
  }

  async findById(id: string, options: { forUpdate?: boolean } = {}): Promise<WebhookEndpoint | null> {
    const lock = options.forUpdate ? this.db.lockClause : '';
    const [endpoint] = await this.where(`id = :id${lock}`, { id });
    return endpoint ?? null;
  }

  async list(organisationId: string, request: PageRequest): Promise<Page<WebhookEndpoint>> {
    const list = { columns: COLUMNS, from: 'webhook_endpoints', where: 'organisation_id = :organisationId', orderBy: 'date_created, id', parameters: { organisationId } };
    const { total, items } = await readListPage(this.db, list, request);
    return { total, items: items.map((row) => toDomain(row as unknown as EndpointRow)) };
  }

  async subscribedTo(organisationId: string, type: WebhookEventType): Promise<WebhookEndpoint[]> {
    // An organisation has a handful of endpoints: their subscriptions are read whole and matched here.
    const endpoints = await this.where('organisation_id = :organisationId AND is_active = 1', { organisationId });
    return endpoints.filter((endpoint) => endpoint.subscribesTo(type));
  }

  async save(endpoint: WebhookEndpoint): Promise<void> {
    const s = endpoint.snapshot();
    const values = {
      id: s.id,
      organisationId: s.organisationId,
      uniqueId: s.uniqueId,
      url: s.url,
      events: JSON.stringify(s.events),
      isActive: s.isActive ? 1 : 0,
      secret: s.sealedSecret,
      failingSince: s.failingSince?.getTime() ?? null,
      dateCreated: s.dateCreated.getTime(),
      lastUpdated: s.lastUpdated.getTime(),
    };
    try {
      await this.write(
        `INSERT INTO webhook_endpoints (${COLUMNS})
         VALUES (:id, :organisationId, :uniqueId, :url, :events, :isActive, :secret, :failingSince, :dateCreated, :lastUpdated)
         ON CONFLICT (id) DO UPDATE SET url = excluded.url, events = excluded.events, is_active = excluded.is_active,
           failing_since = excluded.failing_since, last_updated = excluded.last_updated`,
        values,
      );
    } catch (error) {
      if (isUniqueViolation(error, 'unique_id')) throw duplicateUniqueId('webhook');
      throw error;
    }
  }

  async delete(endpoint: WebhookEndpoint): Promise<void> {
    await this.write('DELETE FROM webhook_endpoints WHERE id = :id', { id: endpoint.id });
  }

  private async where(condition: string, parameters: NamedParameters): Promise<WebhookEndpoint[]> {
    const [rows] = await this.db.select([this.db.sql(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE ${condition}`, parameters)]);
    return rows.map((row) => toDomain(row as unknown as EndpointRow));
  }

  private async write(text: string, parameters: NamedParameters): Promise<void> {
    const query = this.db.sql(text, parameters);
    await this.db.run((manager) => manager.query(query.sql, query.parameters));
  }
}

function toDomain(row: EndpointRow): WebhookEndpoint {
  return WebhookEndpoint.restore({
    id: row.id,
    organisationId: row.organisation_id,
    uniqueId: row.unique_id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    isActive: Number(row.is_active) === 1,
    sealedSecret: row.secret,
    failingSince: row.failing_since === null ? null : new Date(Number(row.failing_since)),
    dateCreated: new Date(Number(row.date_created)),
    lastUpdated: new Date(Number(row.last_updated)),
  });
}
