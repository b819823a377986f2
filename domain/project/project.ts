import { ExpenseStatus } from '../expense/expense-status';
import { CalendarDate } from '../shared/calendar-date';
import { ChoiceOf, Choices } from '../shared/choices';
import { Decimal, DecimalLimits } from '../shared/decimal';
import { FieldErrors, ValidationFailed } from '../shared/errors';
import { stripUndefined } from '../shared/nested';
import { assertUniqueIdUnchanged } from '../shared/unique-id';
import { OrganisationRecord } from '../shared/organisation-record';

export const PROJECT_NAME_MAX_LENGTH = 200;
export const PROJECT_CODE_MAX_LENGTH = 30;

export const PROJECT_STATUSES = new Choices([
  ['planned', 'Planned'],
  ['active', 'Active'],
  ['on_hold', 'On hold'],
  ['completed', 'Completed'],
  ['cancelled', 'Cancelled'],
] as const);
export type ProjectStatus = ChoiceOf<typeof PROJECT_STATUSES>;

/** The statuses in which a project takes new expenses. */
export const PROJECT_STATUSES_OPEN_TO_EXPENSES: readonly ProjectStatus[] = ['planned', 'active'];

/** A budget is money to spend: never negative, as large as any amount the service keeps. */
export const PROJECT_BUDGET = new DecimalLimits(16, 2, Decimal.of('0'));

/**
 * Spent, committed and remaining: sums of expenses' totals (and a budget less
 * one), so wider than either and signed (a project may overspend).
 */
export const PROJECT_FIGURES = new DecimalLimits(18, 2);

/** The share of a budget spent, in per cent: a tiny budget overspent is many times over. */
export const PROJECT_BUDGET_USED = new DecimalLimits(20, 2);

export const END_BEFORE_START = 'The end date cannot be before the start date.';

/** What an owner may set on a project. */
export interface ProjectDetails {
  name: string;
  code: string | null;
  description: string | null;
  status: ProjectStatus;
  /** Internal ids: the application layer resolves the client's unique_ids. */
  clientId: string | null;
  managerId: string | null;
  budget: Decimal | null;
  budgetCurrency: string;
  startDate: CalendarDate | null;
  endDate: CalendarDate | null;
}

export interface ProjectSnapshot extends ProjectDetails {
  id: string;
  uniqueId: string;
  organisationId: string;
  createdById: string;
  dateCreated: Date;
  lastUpdated: Date;
}

export interface NewProject extends Partial<ProjectDetails> {
  id: string;
  uniqueId: string;
  organisationId: string;
  name: string;
  /** The currency of a budget given without one: the organisation's default. */
  defaultCurrency: string;
  createdById: string;
  now: Date;
}

export type ProjectChanges = Partial<ProjectDetails> & { uniqueId?: string };

/** Spent and committed money of a project, summed from its expenses' totals. */
export interface ProjectSpending {
  /** Approved, paid and reimbursed expenses. */
  spent: Decimal;
  /** Submitted expenses, not yet approved. */
  committed: Decimal;
}

/** The expense statuses whose totals a project has spent, and those it has committed (submitted, awaiting approval). */
export const SPENT_EXPENSE_STATUSES: readonly ExpenseStatus[] = ['approved', 'paid', 'reimbursed'];
export const COMMITTED_EXPENSE_STATUSES: readonly ExpenseStatus[] = ['submitted'];

/** A project's spending from its expenses' totals by status (drafts and rejected ones count for nothing). */
export function spendingOf(totals: readonly { status: ExpenseStatus; total: Decimal }[]): ProjectSpending {
  let spent = Decimal.zero(2);
  let committed = Decimal.zero(2);
  for (const { status, total } of totals) {
    if (SPENT_EXPENSE_STATUSES.includes(status)) spent = spent.plus(total);
    else if (COMMITTED_EXPENSE_STATUSES.includes(status)) committed = committed.plus(total);
  }
  return { spent: spent.quantize(2), committed: committed.quantize(2) };
}

/** What a project's figures say of its budget. */
export interface ProjectFigures extends ProjectSpending {
  /** `budget − spent`, null without a budget. */
  remaining: Decimal | null;
  /** `spent / budget` in per cent, to the hundredth (half away from zero); null without a budget or with a budget of zero. */
  budgetUsed: Decimal | null;
}

/** A cost centre of the organisation (a job, an engagement, a department) that expenses are booked against. */
export class Project extends OrganisationRecord<ProjectSnapshot> {
  private constructor(state: ProjectSnapshot) {
    super(state);
  }

  static create(input: NewProject): Project {
    return new Project(
      checked({
        name: input.name,
        code: input.code ?? null,
        description: input.description ?? null,
        status: input.status ?? 'active',
        clientId: input.clientId ?? null,
        managerId: input.managerId ?? null,
        budget: input.budget ?? null,
        budgetCurrency: input.budgetCurrency ?? input.defaultCurrency,
        startDate: input.startDate ?? null,
        endDate: input.endDate ?? null,
        id: input.id,
        uniqueId: input.uniqueId,
        organisationId: input.organisationId,
        createdById: input.createdById,
        dateCreated: input.now,
        lastUpdated: input.now,
      }),
    );
  }

  /** For mappers only: rebuilds a project from storage. */
  static restore(snapshot: ProjectSnapshot): Project {
    return new Project({ ...snapshot });
  }

  get name(): string {
    return this.state.name;
  }

  get status(): ProjectStatus {
    return this.state.status;
  }

  get budget(): Decimal | null {
    return this.state.budget;
  }

  /** Whether a new expense may name it (an expense already booked to it keeps it). */
  get takesNewExpenses(): boolean {
    return PROJECT_STATUSES_OPEN_TO_EXPENSES.includes(this.state.status);
  }

  update(changes: ProjectChanges, now: Date): void {
    assertUniqueIdUnchanged(this.state.uniqueId, changes.uniqueId);
    const { uniqueId: _unchanged, ...details } = changes;
    this.state = checked({ ...this.state, ...stripUndefined(details), lastUpdated: now });
  }

  /** Its budget against what its expenses spent: `remaining` is what is left of the budget, negative once overspent. */
  figures(spending: ProjectSpending): ProjectFigures {
    const { budget } = this.state;
    return {
      ...spending,
      remaining: budget === null ? null : budget.minus(spending.spent).quantize(2),
      budgetUsed: budget === null || budget.isZero() ? null : percentOf(spending.spent, budget),
    };
  }
}

/** `part / whole` in per cent to two places, exactly (BigInt), rounded half away from zero; `whole` is not zero. */
function percentOf(part: Decimal, whole: Decimal): Decimal {
  const numerator = part.toUnits(2) * 10_000n;
  const denominator = whole.toUnits(2);
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const abs = (value: bigint) => (value < 0n ? -value : value);
  const away = 2n * abs(remainder) >= abs(denominator) ? (numerator < 0n !== denominator < 0n ? -1n : 1n) : 0n;
  return Decimal.fromUnits(quotient + away, 2);
}

function checked(state: ProjectSnapshot): ProjectSnapshot {
  const errors: FieldErrors = {};
  if (state.name.trim().length === 0) errors.name = ['This field may not be blank.'];
  if (state.code !== null && state.code.trim().length === 0) errors.code = ['This field may not be blank.'];
  if (state.budget !== null) {
    const budgetErrors = PROJECT_BUDGET.check(state.budget);
    if (budgetErrors.length > 0) errors.budget = budgetErrors;
  }
  if (state.startDate !== null && state.endDate !== null && state.endDate.isBefore(state.startDate)) errors.end_date = [END_BEFORE_START];
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return { ...state, budget: state.budget === null ? null : state.budget.quantize(2) };
}
