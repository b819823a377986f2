import { ExpenseFilters, FoundRecord } from '../../../../application/expense/expense.ports';
import { Dialect } from '../columns';
import { SEARCHED, searchCondition } from '../search-index';
import { Conditions } from '../engine';

/** The expense list's filters as SQL conditions on alias `r`: the list and the expense report read them alike. */
export function expenseConditions(dialect: Dialect, query: Conditions, filters: ExpenseFilters<FoundRecord>): Conditions {
  const equal = { account_id: filters.account?.id, employee_id: filters.employee?.id, vendor_id: filters.vendor?.id, status: filters.status };
  for (const [column, value] of Object.entries(equal)) {
    if (value !== undefined) query.andWhere(`r.${column} = :${column}`, { [column]: value });
  }
  if (filters.fromDate) query.andWhere('r.expense_date >= :fromDate', { fromDate: filters.fromDate.toString() });
  if (filters.toDate) query.andWhere('r.expense_date <= :toDate', { toDate: filters.toDate.toString() });
  if (filters.search !== undefined) searchCondition(dialect, query, { table: 'expenses', columns: SEARCHED.expenses }, filters.search, 'search');
  return query;
}
