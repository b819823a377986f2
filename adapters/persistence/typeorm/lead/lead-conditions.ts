import { LeadFilters } from '../../../../application/lead/lead.kind';
import { Dialect } from '../columns';
import { SEARCHED, searchCondition } from '../search-index';
import { Conditions } from '../engine';

/** The lead list's filters as SQL conditions on alias `r`, for the pipeline report (the list's come from its declaration). */
export function leadConditions(dialect: Dialect, query: Conditions, filters: LeadFilters): Conditions {
  if (filters.name !== undefined) searchCondition(dialect, query, { table: 'leads', columns: SEARCHED.leads }, filters.name, 'title');
  if (filters.source !== undefined) query.andWhere('r.lead_source = :source', { source: filters.source });
  if (filters.status !== undefined) query.andWhere('r.outcome = :outcome', { outcome: filters.status });
  return query;
}
