import { SalesStage } from '../../domain/sales-stage/sales-stage';
import { ListQuery, NoFilters, Page } from '../shared/page';

export type SalesStageOrderingField = 'position' | 'name' | 'probability' | 'dateCreated';

export type SalesStageListQuery = ListQuery<NoFilters, SalesStageOrderingField>;

export interface SalesStageRepository {
  /** `forUpdate` locks the row until the current transaction ends (writers that read, then write, use it). */
  findByUniqueId(organisationId: string, uniqueId: string, options?: { forUpdate?: boolean }): Promise<SalesStage | null>;
  findByIds(organisationId: string, ids: string[]): Promise<SalesStage[]>;
  list(organisationId: string, query: SalesStageListQuery): Promise<Page<SalesStage>>;
  /** One past the last position of the organisation's pipeline; 0 when it has no stage. */
  nextPosition(organisationId: string): Promise<number>;
  /** Adds or replaces; a unique_id already taken in the organisation is a 400 on `unique_id`. */
  save(stage: SalesStage): Promise<void>;
  /** Refuses (`InUse`) while a lead is in the stage. */
  delete(stage: SalesStage): Promise<void>;
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
