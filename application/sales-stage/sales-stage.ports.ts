import { SalesStage } from '../../domain/sales-stage/sales-stage';
import { RecordRepository } from '../records/record.ports';

/** The pipeline's storage; its list orders by `position`, `name`, `probability` or `date_created`. */
export interface SalesStageRepository extends RecordRepository<SalesStage> {
  /** One past the last position of the organisation's pipeline; 0 when it has no stage. */
  nextPosition(organisationId: string): Promise<number>;
}

/** Whether anything (leads, so far) is in a stage: a stage in use is not deleted. */
export interface SalesStageReferences {
  isSalesStageReferenced(organisationId: string, salesStageId: string): Promise<boolean>;
}

export const SALES_STAGE_TOKENS = {
  SalesStageRepository: Symbol.for('SalesStageRepository'),
  SalesStageReferences: Symbol.for('SalesStageReferences'),
} as const;

export const SALES_STAGE_IN_USE = 'This sales stage still has leads; move them to another stage first.';
