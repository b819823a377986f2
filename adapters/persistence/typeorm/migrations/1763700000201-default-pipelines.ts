import { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_PIPELINE } from '../../../../domain/sales-stage/default-pipeline';
import { UuidV7Generator } from '../../../system/uuid-v7-generator';
import { searchKey } from '../../search-key';

/**
 * Organisations founded before sales stages existed get the default pipeline
 * that new ones are seeded with, dated from the organisation's creation.
 * Values are bound or are constants of the template, never input.
 */
export class DefaultPipelines1763700000201 implements MigrationInterface {
  name = 'DefaultPipelines1763700000201';

  async up(queryRunner: QueryRunner): Promise<void> {
    const postgres = queryRunner.connection.options.type === 'postgres';
    const parameter = (position: number) => (postgres ? `$${position}` : '?');
    const ids = new UuidV7Generator();
    const organisations: { id: string }[] = await queryRunner.query(
      'SELECT o.id FROM organisations o WHERE NOT EXISTS (SELECT 1 FROM sales_stages s WHERE s.organisation_id = o.id)',
    );
    for (const { id } of organisations) {
      for (const stage of DEFAULT_PIPELINE) {
        await queryRunner.query(
          `INSERT INTO sales_stages (id, organisation_id, unique_id, name, name_key, description, probability,
             is_active, is_closed_won, is_closed_lost, position, date_created, last_updated)
           SELECT ${parameter(1)}, o.id, ${parameter(2)}, ${parameter(3)}, ${parameter(4)}, NULL,
             ${stage.probability.toUnits(2)}, TRUE, ${stage.isClosedWon}, ${stage.isClosedLost}, ${stage.position},
             o.date_created, o.date_created
           FROM organisations o WHERE o.id = ${parameter(5)}`,
          [ids.next(), stage.uniqueId, stage.name, searchKey(stage.name), id],
        );
      }
    }
  }

  async down(): Promise<void> {
    // The stages now belong to their organisations, whose leads may be in them: nothing is undone.
  }
}
