import { inject, injectable } from 'inversify';
import { ExpenseReportFilters, ExpenseReportQueries, StoredExpenseGroup } from '../../../../application/report/report.ports';
import { ExpenseGrouping } from '../../../../domain/report/expense-report';
import { Dialect } from '../columns';
import { Conditions, SqlQuery, TypeOrmDatabase } from '../engine';
import { exactSum, readExactSum } from './exact-sum';

/** The SQL of each grouping's key; a month is `YYYY-MM` (SQLite keeps dates as that text, Postgres as DATE). */
function groupKey(dialect: Dialect, grouping: ExpenseGrouping): string {
  switch (grouping) {
    case 'status':
      // SQLite would otherwise walk ix_expenses_status for its order and look every row up in the
      // table, slower than reading the report index alone; `+` hides that order.
      return dialect === 'sqlite' ? '+r.status' : 'r.status';
    case 'account':
      return 'r.account_id';
    case 'employee':
      return 'r.employee_id';
    case 'vendor':
      return 'r.vendor_id';
    case 'project':
      return 'r.project_id';
    case 'month':
      return dialect === 'postgres' ? "to_char(r.expense_date, 'YYYY-MM')" : 'substr(r.expense_date, 1, 7)';
  }
}

/** The report's filters as SQL conditions on alias `r`, as the expense list reads the same filters. */
function reportConditions(query: Conditions, filters: ExpenseReportFilters): Conditions {
  if (filters.status !== undefined) query.andWhere('r.status = :status', { status: filters.status });
  if (filters.fromDate) query.andWhere('r.expense_date >= :fromDate', { fromDate: filters.fromDate.toString() });
  if (filters.toDate) query.andWhere('r.expense_date <= :toDate', { toDate: filters.toDate.toString() });
  return query;
}

/**
 * The expense report summed by the database in one GROUP BY: a count and the
 * exact sums of the amounts' minor units per group, read through the report
 * index (migration 1763700001000) without touching the table.
 */
@injectable()
export class TypeOrmExpenseReportQueries implements ExpenseReportQueries {
  constructor(@inject(TypeOrmDatabase) private readonly db: TypeOrmDatabase) {}

  async sumByGroup(organisationId: string, grouping: ExpenseGrouping, filters: ExpenseReportFilters): Promise<StoredExpenseGroup[]> {
    const [rows] = await this.db.select([this.query(organisationId, grouping, filters)]);
    return rows.map((row) => ({
      group: row.group_key == null ? null : String(row.group_key),
      count: Number(row.count),
      amount: readExactSum(row, 'amount'),
      taxAmount: readExactSum(row, 'tax_amount'),
      totalAmount: readExactSum(row, 'total_amount'),
    }));
  }

  /** The SQL `sumByGroup` runs, for reading its plan. */
  query(organisationId: string, grouping: ExpenseGrouping, filters: ExpenseReportFilters): SqlQuery {
    const where = reportConditions(new Conditions('r.organisation_id = :organisationId', { organisationId }), filters);
    const sums = ['amount', 'tax_amount', 'total_amount'].map((column) => exactSum(`r.${column}`, column)).join(', ');
    return this.db.sql(
      `SELECT ${groupKey(this.db.dialect, grouping)} AS group_key, COUNT(*) AS count, ${sums} ` +
        `FROM ${this.db.tableOf('Expense')} r WHERE ${where.sql} GROUP BY 1`,
      where.parameters,
    );
  }
}
