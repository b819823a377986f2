import { ExpenseStatus } from '../../domain/expense/expense-status';
import { ExpenseFigures, ExpenseGrouping } from '../../domain/report/expense-report';
import { PipelineCell } from '../../domain/report/pipeline-report';
import { CalendarDate } from '../../domain/shared/calendar-date';
import { LeadFilters } from '../lead/lead.kind';
import { PageWindow } from '../shared/page';

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

/** How many vendors are on each list of the follow-ups report. */
export interface FollowUpCounts {
  /** Vendors whose next follow-up date is `today` or earlier. */
  due: number;
  /** Vendors whose contract ends between `today` and `until`, both inclusive. */
  ending: number;
}

/** The vendors' ids of one window of each list of the follow-ups report, in the report's order. */
export interface FollowUpIds {
  due: string[];
  ending: string[];
}

/**
 * Which vendors want attention, counted and read a window at a time by the
 * storage; the vendors themselves come from the vendor repository. `due`:
 * the longest overdue first, then by name; `ending`: the soonest first, then
 * by name.
 */
export interface VendorFollowUps {
  counts(organisationId: string, today: CalendarDate, until: CalendarDate): Promise<FollowUpCounts>;
  /** The ids in each list's window; a list whose window is null answers none. */
  ids(organisationId: string, today: CalendarDate, until: CalendarDate, windows: { due: PageWindow | null; ending: PageWindow | null }): Promise<FollowUpIds>;
}

export const REPORT_TOKENS = {
  ExpenseReportQueries: Symbol.for('ExpenseReportQueries'),
  PipelineQueries: Symbol.for('PipelineQueries'),
  VendorFollowUps: Symbol.for('VendorFollowUps'),
} as const;
