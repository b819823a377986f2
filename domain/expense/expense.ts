import { CalendarDate } from '../shared/calendar-date';
import { Decimal, DecimalLimits } from '../shared/decimal';
import { FieldErrors, InvalidTransition, Locked, ValidationFailed } from '../shared/errors';
import { stripUndefined } from '../shared/nested';
import { CREATABLE_EXPENSE_STATUSES, EDITABLE_EXPENSE_STATUSES, ExpenseStatus } from './expense-status';
import { EXPENSE_ACTIONS, EXPENSE_TRANSITIONS, ExpenseAction, TransitionContext } from './expense-transitions';
import { INVALID_RECEIPT, RECEIPT_CONTENT_TYPES, ReceiptReference } from './receipt';
import { UNIQUE_ID_UNCHANGEABLE } from '../shared/unique-id';
import { OrganisationRecord } from '../shared/organisation-record';

export const EXPENSE_AMOUNT = new DecimalLimits(13, 2);
export const EXPENSE_TAX_AMOUNT = EXPENSE_AMOUNT;
/** Narrower than its parts: the spec caps total_amount at 10 whole digits. */
export const EXPENSE_TOTAL = new DecimalLimits(10, 2);
export const EXPENSE_NUMBER_MAX_LENGTH = 100;

export const TOTAL_AMOUNT_TOO_LARGE = `Ensure that the total amount has no more than ${EXPENSE_TOTAL.maxWholeDigits} digits before the decimal point.`;
export const STATUS_CHANGES_BY_ACTION_ONLY = 'Status cannot be changed by an update; use the expense actions.';

/** What a member may write on an expense (status aside, which moves by action). */
export interface ExpenseDetails {
  title: string;
  description: string | null;
  notes: string | null;
  expenseNumber: string;
  /** Internal ids: the application layer resolves the client's unique_ids. */
  accountId: string;
  vendorId: string | null;
  employeeId: string | null;
  /** The project (cost centre) it is booked against, if any. */
  projectId: string | null;
  expenseDate: CalendarDate;
  amount: Decimal;
  taxAmount: Decimal;
  receipt: ReceiptReference | null;
  vatProcessed: boolean;
}

export interface ExpenseSnapshot extends ExpenseDetails {
  id: string;
  uniqueId: string;
  organisationId: string;
  status: ExpenseStatus;
  submittedDate: Date | null;
  approvedDate: Date | null;
  paidDate: Date | null;
  approvedById: string | null;
  createdById: string;
  /** amount + taxAmount, kept so that storage can sort and filter on it. */
  totalAmount: Decimal;
  vatProcessedDate: Date | null;
  rejectionReason: string | null;
  dateCreated: Date;
  lastUpdated: Date;
}

export interface CreateExpense {
  id: string;
  uniqueId: string;
  organisationId: string;
  createdById: string;
  title: string;
  description?: string | null;
  notes?: string | null;
  expenseNumber: string;
  accountId: string;
  vendorId?: string | null;
  employeeId?: string | null;
  projectId?: string | null;
  expenseDate: CalendarDate;
  amount: Decimal;
  taxAmount?: Decimal;
  receipt?: ReceiptReference | null;
  vatProcessed?: boolean;
  status?: ExpenseStatus;
  /** The organisation's financial_year_lock_date. */
  lockDate: CalendarDate | null;
  now: Date;
}

/** Left-out (undefined) fields keep their values; null clears a nullable one. */
export type ExpenseChanges = Partial<ExpenseDetails> & { uniqueId?: string; status?: ExpenseStatus };

/** A cost incurred by an organisation, on its way from draft to paid. */
export class Expense extends OrganisationRecord<ExpenseSnapshot> {
  private constructor(state: ExpenseSnapshot) {
    super(state);
  }

  static create(input: CreateExpense): Expense {
    const status = input.status ?? 'draft';
    const details: ExpenseDetails = {
      title: input.title,
      description: input.description ?? null,
      notes: input.notes ?? null,
      expenseNumber: input.expenseNumber,
      accountId: input.accountId,
      vendorId: input.vendorId ?? null,
      employeeId: input.employeeId ?? null,
      projectId: input.projectId ?? null,
      expenseDate: input.expenseDate,
      amount: input.amount,
      taxAmount: input.taxAmount ?? Decimal.zero(2),
      receipt: input.receipt ?? null,
      vatProcessed: input.vatProcessed ?? false,
    };
    const errors = checkDetails(details);
    if (!CREATABLE_EXPENSE_STATUSES.includes(status)) errors.status = [`"${status}" is not a valid choice.`];
    throwIfAny(errors);
    assertOpenOn(details.expenseDate, input.lockDate);
    const { now } = input;
    // Object.assign, not spreads (see Vendor.create).
    return new Expense(
      Object.assign({}, details, priced(details), {
        id: input.id,
        uniqueId: input.uniqueId,
        organisationId: input.organisationId,
        createdById: input.createdById,
        status,
        submittedDate: status === 'submitted' ? now : null,
        approvedDate: null,
        paidDate: null,
        approvedById: null,
        vatProcessedDate: details.vatProcessed ? now : null,
        rejectionReason: null,
        dateCreated: now,
        lastUpdated: now,
      }),
    );
  }

  /** For mappers only: rebuilds an expense from storage. */
  static restore(snapshot: ExpenseSnapshot): Expense {
    return new Expense({ ...snapshot });
  }

  get status(): ExpenseStatus {
    return this.state.status;
  }

  get expenseNumber(): string {
    return this.state.expenseNumber;
  }

  get expenseDate(): CalendarDate {
    return this.state.expenseDate;
  }

  get accountId(): string {
    return this.state.accountId;
  }

  get vendorId(): string | null {
    return this.state.vendorId;
  }

  get employeeId(): string | null {
    return this.state.employeeId;
  }

  get projectId(): string | null {
    return this.state.projectId;
  }

  get createdById(): string {
    return this.state.createdById;
  }

  get approvedById(): string | null {
    return this.state.approvedById;
  }

  get amount(): Decimal {
    return this.state.amount;
  }

  get taxAmount(): Decimal {
    return this.state.taxAmount;
  }

  get totalAmount(): Decimal {
    return this.state.totalAmount;
  }

  get receipt(): ReceiptReference | null {
    return this.state.receipt;
  }

  get rejectionReason(): string | null {
    return this.state.rejectionReason;
  }

  get isEditable(): boolean {
    return EDITABLE_EXPENSE_STATUSES.includes(this.state.status);
  }

  /** Checked before anything else about an edit: a frozen expense answers 409 whatever the input. */
  assertEditable(lockDate: CalendarDate | null): void {
    if (!this.isEditable) throw new Locked('Only draft and rejected expenses can be edited.');
    assertOpenOn(this.state.expenseDate, lockDate);
  }

  /** PUT and PATCH: the application layer passes only the fields the client sent. */
  edit(changes: ExpenseChanges, now: Date, lockDate: CalendarDate | null): void {
    this.assertEditable(lockDate);
    const { uniqueId, status, ...detailChanges } = changes;
    const details: ExpenseDetails = { ...this.state, ...stripUndefined(detailChanges) };
    const errors = checkDetails(details);
    if (uniqueId !== undefined && uniqueId !== this.state.uniqueId) errors.unique_id = [UNIQUE_ID_UNCHANGEABLE];
    if (status !== undefined && status !== this.state.status) errors.status = [STATUS_CHANGES_BY_ACTION_ONLY];
    throwIfAny(errors);
    assertOpenOn(details.expenseDate, lockDate);
    this.state = Object.assign({}, this.state, details, priced(details), {
      // Re-confirming vat_processed keeps the date it was first processed on.
      vatProcessedDate: details.vatProcessed ? (this.state.vatProcessedDate ?? now) : null,
      lastUpdated: now,
    });
  }

  /** Deleting rewrites the books as much as editing, so the lock date applies too. */
  assertDeletable(lockDate: CalendarDate | null = null): void {
    if (!this.isEditable) throw new Locked('Only draft and rejected expenses can be deleted.');
    assertOpenOn(this.state.expenseDate, lockDate);
  }

  submit(now: Date): void {
    this.transition('submit', { actorId: null, now, reason: null });
  }

  approve(by: string, now: Date): void {
    this.transition('approve', { actorId: by, now, reason: null });
  }

  reject(reason: string | null, now: Date): void {
    this.transition('reject', { actorId: null, now, reason: normaliseReason(reason) });
  }

  markPaid(now: Date): void {
    this.transition('mark_paid', { actorId: null, now, reason: null });
  }

  reimburse(now: Date): void {
    this.transition('reimburse', { actorId: null, now, reason: null });
  }

  reopen(now: Date): void {
    this.transition('reopen', { actorId: null, now, reason: null });
  }

  /** The action endpoint's entry point; `reason` matters to reject only. */
  apply(action: ExpenseAction, actorId: string, now: Date, reason?: string | null): void {
    // A guard for callers that pass the raw query parameter through.
    if (!EXPENSE_ACTIONS.has(action)) throw ValidationFailed.field('action', `"${String(action)}" is not a valid choice.`);
    this.transition(action, { actorId, now, reason: normaliseReason(reason) });
  }

  private transition(action: ExpenseAction, context: TransitionContext): void {
    const transition = EXPENSE_TRANSITIONS[action];
    if (this.state.status !== transition.from) {
      throw new InvalidTransition(`Cannot ${action} an expense in status "${this.state.status}".`);
    }
    this.state = { ...this.state, ...transition.effect(context), status: transition.to, lastUpdated: context.now };
  }
}

function checkDetails(details: ExpenseDetails): FieldErrors {
  const errors: FieldErrors = {};
  if (details.title.trim().length === 0) errors.title = ['This field may not be blank.'];
  if (details.expenseNumber.trim().length === 0) {
    errors.expense_number = ['This field may not be blank.'];
  } else if (details.expenseNumber.length > EXPENSE_NUMBER_MAX_LENGTH) {
    errors.expense_number = [`Ensure this field has no more than ${EXPENSE_NUMBER_MAX_LENGTH} characters.`];
  }
  const amountErrors = EXPENSE_AMOUNT.check(details.amount);
  const taxErrors = EXPENSE_TAX_AMOUNT.check(details.taxAmount);
  if (amountErrors.length > 0) errors.amount = amountErrors;
  if (taxErrors.length > 0) errors.tax_amount = taxErrors;
  if (amountErrors.length === 0 && taxErrors.length === 0 && !EXPENSE_TOTAL.fits(totalOf(details))) {
    errors.amount = [TOTAL_AMOUNT_TOO_LARGE];
  }
  if (details.receipt !== null && !RECEIPT_CONTENT_TYPES.has(details.receipt.contentType)) {
    errors.receipt = [INVALID_RECEIPT];
  }
  return errors;
}

/** The amounts as stored and returned: two places, the total exact. */
function priced(details: ExpenseDetails): Pick<ExpenseSnapshot, 'amount' | 'taxAmount' | 'totalAmount'> {
  return {
    amount: details.amount.quantize(2),
    taxAmount: details.taxAmount.quantize(2),
    totalAmount: totalOf(details),
  };
}

function totalOf(details: ExpenseDetails): Decimal {
  return details.amount.plus(details.taxAmount).quantize(2);
}

function assertOpenOn(expenseDate: CalendarDate, lockDate: CalendarDate | null): void {
  if (lockDate !== null && expenseDate.isBefore(lockDate)) {
    throw new Locked(
      `Expenses dated before the financial year lock date (${lockDate.toString()}) cannot be created or changed.`,
    );
  }
}

function normaliseReason(reason: string | null | undefined): string | null {
  return reason === undefined || reason === null || reason.trim() === '' ? null : reason;
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}
