import { Choices, ChoiceOf } from '../shared/choices';
import { Decimal } from '../shared/decimal';

/** What the expense report groups by (`group_by`). */
export const EXPENSE_GROUPINGS = new Choices([
  ['status', 'Status'],
  ['account', 'Account'],
  ['month', 'Month'],
  ['employee', 'Employee'],
  ['vendor', 'Vendor'],
  ['project', 'Project'],
] as const);
export type ExpenseGrouping = ChoiceOf<typeof EXPENSE_GROUPINGS>;

/** The grouping when `group_by` is absent: where the money stands in the approval workflow. */
export const DEFAULT_EXPENSE_GROUPING: ExpenseGrouping = 'status';

/** How many expenses, and the exact sums of their amounts. */
export interface ExpenseFigures {
  count: number;
  amount: Decimal;
  taxAmount: Decimal;
  totalAmount: Decimal;
}

/** One group of the report: `key` names it on the wire (null: the expenses of no project), `label` is its display text. */
export interface ExpenseGroup extends ExpenseFigures {
  key: string | null;
  label: string;
}

/** The group of expenses that name no vendor, or no employee: a key that no record has (unique_ids are never blank). */
export const UNASSIGNED_KEY = '';
export const NO_VENDOR_LABEL = 'No vendor';
export const NO_EMPLOYEE_LABEL = 'No employee';
/** The expenses booked to no project: keyed null, as issue 43 asks (the totals row, last, is keyed null too). */
export const NO_PROJECT_KEY = null;
export const NO_PROJECT_LABEL = 'No project';

const NONE: ExpenseFigures = { count: 0, amount: Decimal.zero(), taxAmount: Decimal.zero(), totalAmount: Decimal.zero() };

/** Exact sums of figures (of a few groups: the rows themselves are summed by the database). */
export function sumExpenseFigures(figures: readonly ExpenseFigures[]): ExpenseFigures {
  return figures.reduce(
    (sum, f) => ({
      count: sum.count + f.count,
      amount: sum.amount.plus(f.amount),
      taxAmount: sum.taxAmount.plus(f.taxAmount),
      totalAmount: sum.totalAmount.plus(f.totalAmount),
    }),
    NONE,
  );
}

/**
 * Expenses broken down into groups, in the order given, and their totals.
 * A group without expenses is not shown, and the totals are the sum of the
 * groups shown, so the two can never disagree.
 */
export class ExpenseReport {
  private constructor(
    readonly groups: readonly ExpenseGroup[],
    readonly totals: ExpenseFigures,
  ) {}

  static of(groups: readonly ExpenseGroup[]): ExpenseReport {
    const shown = groups.filter((group) => group.count > 0);
    return new ExpenseReport(shown, sumExpenseFigures(shown));
  }
}

const MONTH_KEY = /^(\d{4})-(\d{2})$/;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2026-01` as people read it: `January 2026`. */
export function monthLabel(key: string): string {
  const match = MONTH_KEY.exec(key);
  const name = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  if (!match || !name) throw new RangeError(`Not a month key: ${key}`);
  return `${name} ${match[1]}`;
}
