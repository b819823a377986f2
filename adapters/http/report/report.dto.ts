import { ExpenseReportFilters } from '../../../application/report/report.ports';
import { MAX_CONTRACT_DAYS } from '../../../application/report/get-vendor-follow-ups.use-case';
import { EXPENSE_STATUSES, ExpenseStatus } from '../../../domain/expense/expense-status';
import { DEFAULT_EXPENSE_GROUPING, EXPENSE_GROUPINGS, ExpenseGrouping } from '../../../domain/report/expense-report';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Input } from '../validation/input';
import { filters } from '../validation/query';

/** The expense report's query: the expense list's date and status filters, and the grouping. */
export class ExpenseReportInput implements ExpenseReportFilters {
  @Input('from_date', filters.date(), { description: 'Expenses dated on or after this day.' }) fromDate?: CalendarDate;
  @Input('to_date', filters.date(), { description: 'Expenses dated on or before this day.' }) toDate?: CalendarDate;
  @Input('status', filters.choice(EXPENSE_STATUSES)) status?: ExpenseStatus;
  @Input('group_by', filters.choice(EXPENSE_GROUPINGS), { description: `What each row adds up; \`${DEFAULT_EXPENSE_GROUPING}\` when absent.` })
  groupBy?: ExpenseGrouping;
}

export class VendorFollowUpsInput {
  @Input('days', filters.integer({ min: 0, max: MAX_CONTRACT_DAYS }), {
    description: 'How many days ahead to look for contracts that end (30 when absent); 0 is today only.',
  })
  days?: number;
}
