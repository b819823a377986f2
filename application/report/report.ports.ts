import { ExpenseStatus } from '../../domain/expense/expense-status';
import { ExpenseFigures, ExpenseGrouping } from '../../domain/report/expense-report';
import { PipelineCell } from '../../domain/report/pipeline-report';
import { CalendarDate } from '../../domain/shared/calendar-date';
import { Vendor } from '../../domain/supplier/vendor';
import { LeadFilters } from '../lead/lead.ports';

/** The expense report's filters, as the expense list's of the same names. */
export interface ExpenseReportFilters {
  /** Inclusive. */
  fromDate?: CalendarDate;
  /** Inclusive. */
  toDate?: CalendarDate;
  status?: ExpenseStatus;
}

/**
 * One group's figures as storage answers them. `group` is the status, the
 * month (`YYYY-MM`), or the internal id of the account, employee or vendor;
 * null for expenses that name no employee or no vendor.
 */
export interface StoredExpenseGroup extends ExpenseFigures {
  group: string | null;
}

export interface ExpenseReportQueries {
  /** The organisation's expenses that pass the filters, counted and summed per group by the storage itself. */
  sumByGroup(organisationId: string, grouping: ExpenseGrouping, filters: ExpenseReportFilters): Promise<StoredExpenseGroup[]>;
}

export interface PipelineQueries {
  /** The organisation's leads that pass the lead list's filters, counted and summed per stage and outcome. */
  sumByStageAndOutcome(organisationId: string, filters: LeadFilters): Promise<PipelineCell[]>;
}

/** The vendors that want attention; the vendor area implements it on its repository. */
export interface VendorFollowUps {
  /** Vendors whose next follow-up date is `today` or earlier: the longest overdue first, then by name. */
  dueForFollowUp(organisationId: string, today: CalendarDate): Promise<Vendor[]>;
  /** Vendors whose contract ends between `from` and `until`, both inclusive: the soonest first, then by name. */
  contractsEndingBetween(organisationId: string, from: CalendarDate, until: CalendarDate): Promise<Vendor[]>;
}

export const REPORT_TOKENS = {
  ExpenseReportQueries: Symbol.for('ExpenseReportQueries'),
  PipelineQueries: Symbol.for('PipelineQueries'),
  VendorFollowUps: Symbol.for('VendorFollowUps'),
} as const;
