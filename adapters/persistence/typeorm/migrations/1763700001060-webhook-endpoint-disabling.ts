import { MigrationInterface, QueryRunner } from 'typeorm';
import { column as c } from '../columns';
import { addColumn, dropAddedColumn } from './migration-columns';

/** The span of failures that disables an endpoint (three days) when this migration was written: fixed here, as a migration's doing must be. */
const DISABLE_AFTER_FAILING_MS = 72 * 3_600_000;

/**
 * Since when an endpoint is inactive and why (`disabled_at`, `disabled_reason`:
 * `owner` or `delivery_failures`), null while it is active. Inactive rows are
 * given theirs from what they hold: one with a run of failures was disabled by
 * it, at the earliest the rule could have (an owner who switched a failing
 * endpoint off cannot be told apart); any other by its owner, at its last change.
 */
export class WebhookEndpointDisabling1763700001060 implements MigrationInterface {
  name = 'WebhookEndpointDisabling1763700001060';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addColumn(queryRunner, 'webhook_endpoints', 'disabled_at', c.epochMillis().nullable());
    await addColumn(queryRunner, 'webhook_endpoints', 'disabled_reason', c.varchar(20).nullable());
    await queryRunner.query(
      `UPDATE webhook_endpoints SET disabled_reason = 'delivery_failures', disabled_at = failing_since + ${DISABLE_AFTER_FAILING_MS}
       WHERE is_active = 0 AND failing_since IS NOT NULL`,
    );
    await queryRunner.query("UPDATE webhook_endpoints SET disabled_reason = 'owner', disabled_at = last_updated WHERE is_active = 0 AND failing_since IS NULL");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropAddedColumn(queryRunner, 'webhook_endpoints', 'disabled_reason');
    await dropAddedColumn(queryRunner, 'webhook_endpoints', 'disabled_at');
  }
}
