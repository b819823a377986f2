import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The reports read their figures from indexes alone:
 * - expenses: the organisation's expenses in date order with every column a
 *   report groups, filters or sums by, so that a report of any grouping over
 *   any date range is one range scan of the index (100 000 expenses summed by
 *   month without touching the table);
 * - leads: the pipeline's stage, outcome and source with the two values it sums;
 * - vendors: the follow-up and contract-end dates, in the report's order.
 */
const INDEXES: [table: string, index: TableIndex][] = [
  [
    'expenses',
    new TableIndex({
      name: 'ix_expenses_report',
      columnNames: ['organisation_id', 'expense_date', 'status', 'account_id', 'employee_id', 'vendor_id', 'amount', 'tax_amount', 'total_amount'],
    }),
  ],
  [
    'leads',
    new TableIndex({
      name: 'ix_leads_report',
      columnNames: ['organisation_id', 'sales_stage_id', 'outcome', 'lead_source', 'estimated_value', 'win_probability'],
    }),
  ],
  ['vendors', new TableIndex({ name: 'ix_vendors_org_follow_up', columnNames: ['organisation_id', 'next_follow_up_date', 'name_key', 'id'] })],
  ['vendors', new TableIndex({ name: 'ix_vendors_org_contract_end', columnNames: ['organisation_id', 'contract_end_date', 'name_key', 'id'] })],
];

export class ReportIndexes1763700001000 implements MigrationInterface {
  name = 'ReportIndexes1763700001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, index] of INDEXES) await queryRunner.createIndex(table, index);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, index] of [...INDEXES].reverse()) await queryRunner.dropIndex(table, index);
  }
}
