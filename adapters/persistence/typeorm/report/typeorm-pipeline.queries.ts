import { inject, injectable } from 'inversify';
import { LeadFilters } from '../../../../application/lead/lead.kind';
import { PipelineQueries } from '../../../../application/report/report.ports';
import { LeadOutcome } from '../../../../domain/lead/lead';
import { PipelineCell } from '../../../../domain/report/pipeline-report';
import { Conditions, SqlQuery, TypeOrmDatabase } from '../engine';
import { leadConditions } from '../lead/lead-conditions';
import { exactSum, readExactSum } from './exact-sum';

/**
 * A lead's weighted value in cents, as `weightedValue` of the lead domain
 * computes it: value (cents) × probability (hundredths of a percent) / 10^4,
 * half-up, in integers. The value is split at 10^4 so that no product passes
 * BIGINT: (v div 10^4) × p ≤ 10^18 and (v mod 10^4) × p < 10^8. NULL when
 * either is NULL, which SUM skips, as the domain's null.
 */
const WEIGHTED_CENTS =
  '(r.estimated_value / 10000) * r.win_probability + ((r.estimated_value % 10000) * r.win_probability + 5000) / 10000';

/** The pipeline summed by the database: per stage and outcome, one GROUP BY through the report index. */
@injectable()
export class TypeOrmPipelineQueries implements PipelineQueries {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async sumByStageAndOutcome(organisationId: string, filters: LeadFilters): Promise<PipelineCell[]> {
    const [rows] = await this.db.select([this.query(organisationId, filters)]);
    return rows.map((row) => ({
      stageId: row.stage_id == null ? null : String(row.stage_id),
      outcome: row.outcome as LeadOutcome,
      count: Number(row.count),
      estimatedValue: readExactSum(row, 'estimated_value'),
      weightedValue: readExactSum(row, 'weighted_value'),
    }));
  }

  /** The SQL `sumByStageAndOutcome` runs, for reading its plan. */
  query(organisationId: string, filters: LeadFilters): SqlQuery {
    const where = leadConditions(this.db.dialect, new Conditions('r.organisation_id = :organisationId', { organisationId }), filters);
    return this.db.sql(
      `SELECT r.sales_stage_id AS stage_id, r.outcome AS outcome, COUNT(*) AS count, ` +
        `${exactSum('r.estimated_value', 'estimated_value')}, ${exactSum(WEIGHTED_CENTS, 'weighted_value')} ` +
        `FROM ${this.db.tableOf('Lead')} r WHERE ${where.sql} GROUP BY r.sales_stage_id, r.outcome`,
      where.parameters,
    );
  }
}
