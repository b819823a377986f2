import { LeadOutcome } from '../lead/lead';
import { Decimal } from '../shared/decimal';

/** How many leads, what they are estimated to be worth, and that worth at their odds (exact sums). */
export interface PipelineFigures {
  count: number;
  estimatedValue: Decimal;
  weightedValue: Decimal;
}

/** The leads of one stage with one outcome, as the database sums them; `stageId` null: leads without a stage. */
export interface PipelineCell extends PipelineFigures {
  stageId: string | null;
  outcome: LeadOutcome;
}

/** A stage of the organisation's pipeline, as the report names it. */
export interface PipelineStage {
  id: string;
  uniqueId: string;
  name: string;
}

/** One row of the report: a stage (null for leads whose stage was cleared) and its leads' figures. */
export interface PipelineStageRow extends PipelineFigures {
  stage: PipelineStage | null;
}

const NONE: PipelineFigures = { count: 0, estimatedValue: Decimal.zero(), weightedValue: Decimal.zero() };

function sum(figures: readonly PipelineFigures[]): PipelineFigures {
  return figures.reduce(
    (total, f) => ({
      count: total.count + f.count,
      estimatedValue: total.estimatedValue.plus(f.estimatedValue),
      weightedValue: total.weightedValue.plus(f.weightedValue),
    }),
    NONE,
  );
}

/**
 * The sales pipeline: every stage in the order given (position order), with
 * its leads whatever their outcome, empty stages included; then the leads
 * without a stage, when there are any. The totals are the sum of the rows;
 * won and lost count the leads at 100 % and 0 % across the stages.
 */
export class PipelineReport {
  private constructor(
    readonly stages: readonly PipelineStageRow[],
    readonly totals: PipelineFigures,
    readonly won: PipelineFigures,
    readonly lost: PipelineFigures,
  ) {}

  static of(stages: readonly PipelineStage[], cells: readonly PipelineCell[]): PipelineReport {
    const known = new Set(stages.map((stage) => stage.id));
    const rows: PipelineStageRow[] = stages.map((stage) => ({ stage, ...sum(cells.filter((cell) => cell.stageId === stage.id)) }));
    // A stage deleted meanwhile (between the two reads) counts with the leads that have none.
    const stageless = cells.filter((cell) => cell.stageId === null || !known.has(cell.stageId));
    if (stageless.length > 0) rows.push({ stage: null, ...sum(stageless) });
    const withOutcome = (outcome: LeadOutcome) => sum(cells.filter((cell) => cell.outcome === outcome));
    return new PipelineReport(rows, sum(rows), withOutcome('won'), withOutcome('lost'));
  }
}
