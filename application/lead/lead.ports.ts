import { Lead, LeadOutcome, LeadSource } from '../../domain/lead/lead';
import { ListQuery, Page } from '../shared/page';

export interface LeadFilters {
  /** Case-insensitive part of the title. */
  title?: string;
  source?: LeadSource;
  /** Won (probability 100), lost (0) or open (anything else, or none). */
  outcome?: LeadOutcome;
}

export type LeadOrderingField = 'title' | 'estimatedValue' | 'winProbability' | 'expectedCloseDate' | 'dateCreated';

export type LeadListQuery = ListQuery<LeadFilters, LeadOrderingField>;

export interface LeadRepository {
  /** `forUpdate` locks the row until the current transaction ends (writers that read, then write, use it). */
  findByUniqueId(organisationId: string, uniqueId: string, options?: { forUpdate?: boolean }): Promise<Lead | null>;
  list(organisationId: string, query: LeadListQuery): Promise<Page<Lead>>;
  /** Adds or replaces; a unique_id already taken in the organisation is a 400 on `unique_id`. */
  save(lead: Lead): Promise<void>;
  delete(lead: Lead): Promise<void>;
}

export const LEAD_TOKENS = {
  LeadRepository: Symbol.for('LeadRepository'),
} as const;
