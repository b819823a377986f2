import { inject, injectable } from 'inversify';
import { SecretBox, SHARED_TOKENS } from '../../../../application/shared/ports';
import { WebhookEndpointRepository } from '../../../../application/webhook/webhook.ports';
import { WebhookEndpoint } from '../../../../domain/webhook/webhook-endpoint';
import { WebhookEventType } from '../../../../domain/webhook/webhook-events';
import { WEBHOOK_ENDPOINT_DECLARATION } from '../../../declaration/webhook/webhook-endpoint.declaration';
import { TypeOrmDeclaredRecords } from '../declared/typeorm-declared.repository';
import { TypeOrmDatabase } from '../engine';

/** Webhook endpoints, declared, with the outbox's two reads: one by internal id, and an organisation's subscribers. */
@injectable()
export class TypeOrmWebhookEndpointRepository extends TypeOrmDeclaredRecords<WebhookEndpoint> implements WebhookEndpointRepository {
  constructor(@inject(TypeOrmDatabase) db: TypeOrmDatabase, @inject(SHARED_TOKENS.SecretBox) box: SecretBox) {
    super(db, box, WEBHOOK_ENDPOINT_DECLARATION);
  }

  async findById(id: string, options: { forUpdate?: boolean } = {}): Promise<WebhookEndpoint | null> {
    const [row] = await this.rows(`r.id = :id${options.forUpdate ? this.db.lockClause : ''}`, { id });
    return row ? this.restored(row) : null;
  }

  async subscribedTo(organisationId: string, type: WebhookEventType): Promise<WebhookEndpoint[]> {
    // An organisation has a handful of endpoints: their subscriptions are read whole and matched here.
    const rows = await this.rows('r.organisation_id = :organisationId AND r.is_active = 1', { organisationId });
    return rows.map((row) => this.restored(row)).filter((endpoint) => endpoint.subscribesTo(type));
  }

  async countLockingOrganisation(organisationId: string): Promise<number> {
    // Two statements: the count's snapshot is taken once the lock is held (read committed), so it sees a create that went first.
    await this.db.read([this.db.sql(`SELECT id FROM organisations WHERE id = :organisationId${this.db.lockClause}`, { organisationId })]);
    const [rows] = await this.db.select([this.db.sql('SELECT COUNT(*) AS n FROM webhook_endpoints WHERE organisation_id = :organisationId', { organisationId })]);
    return Number(rows[0]?.n ?? 0);
  }
}
