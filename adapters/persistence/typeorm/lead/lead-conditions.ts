import { LeadFilters } from '../../../../application/lead/lead.ports';
import { Dialect } from '../columns';
import { SEARCHED, searchCondition } from '../search-index';
import { Conditions } from '../engine';

/** The lead list's filters as SQL conditions on alias `r`: the list and the pipeline report read them alike. */
export function leadConditions(dialect: Dialect, query: Conditions, filters: LeadFilters): Conditions {
  if (filters.title !== undefined) searchCondition(dialect, query, { table: 'leads', columns: SEARCHED.leads }, filters.title, 'title');
  if (filters.source !== undefined) query.andWhere('r.lead_source = :source', { source: filters.source });
  if (filters.outcome !== undefined) query.andWhere('r.outcome = :outcome', { outcome: filters.outcome });
  return query;
}
