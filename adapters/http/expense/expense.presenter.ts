import { ExpenseView } from '../../../application/expense/expense-views';
import { ACCOUNT_TYPES } from '../../../domain/account/account';
import { EXPENSE_AMOUNT, EXPENSE_NUMBER_MAX_LENGTH, EXPENSE_TAX_AMOUNT, EXPENSE_TOTAL, ExpenseSnapshot } from '../../../domain/expense/expense';
import { EXPENSE_STATUSES } from '../../../domain/expense/expense-status';
import { API_PREFIX } from '../shared/controller';
import { PERSON_REF_SCHEMA, wire } from '../shared/present';
import { wireSchema as s } from '../shared/wire-schema';
import { NoneMissing, UnpresentedFields } from '../shared/field-coverage';

/** The absolute URL of the receipt endpoint, or null when the expense has none. */
function receiptUrl(view: ExpenseView, origin: string): string | null {
  if (!view.expense.receipt) return null;
  return `${origin}${API_PREFIX}/organisation/${view.organisationUniqueId}/expenses/${view.expense.uniqueId}/receipt/`;
}

/** The lighter item of the list. */
export function presentExpenseListItem(view: ExpenseView) {
  const e = view.expense;
  return {
    unique_id: e.uniqueId,
    title: e.title,
    expense_number: e.expenseNumber,
    status: e.status,
    status_display: EXPENSE_STATUSES.label(e.status),
    expense_date: wire.date(e.expenseDate),
    amount: wire.decimal(e.amount),
    tax_amount: wire.decimal(e.taxAmount),
    total_amount: wire.decimal(e.totalAmount),
    employee: wire.person(view.employee),
    vendor: view.vendor ? { unique_id: view.vendor.uniqueId, name: view.vendor.name } : null,
    date_created: wire.dateTime(e.dateCreated),
  };
}

/** The full expense; `account_id`, `vendor_id` and `employee_id` are write-only and never leave. */
export function presentExpense(view: ExpenseView, origin: string) {
  const e = view.expense;
  const url = receiptUrl(view, origin);
  const account = view.account;
  // Object.assign, not a spread followed by properties (see Vendor.create).
  return Object.assign(presentExpenseListItem(view), {
    description: e.description,
    notes: e.notes,
    account: account
      ? { unique_id: account.uniqueId, account_code: account.accountCode, name: account.name, account_type: account.accountType }
      : null,
    submitted_date: wire.dateTime(e.submittedDate),
    approved_date: wire.dateTime(e.approvedDate),
    paid_date: wire.dateTime(e.paidDate),
    approved_by: wire.person(view.approvedBy),
    created_by: wire.person(view.createdBy),
    receipt: url,
    receipt_url: url,
    vat_processed: e.vatProcessed,
    vat_processed_date: wire.dateTime(e.vatProcessedDate),
    rejection_reason: e.rejectionReason,
    last_updated: wire.dateTime(e.lastUpdated),
  });
}

type ListItem = ReturnType<typeof presentExpenseListItem>;
type Detail = ReturnType<typeof presentExpense>;

const person = s.nullable(PERSON_REF_SCHEMA);
const dateTime = s.nullable(s.dateTime());

const LIST_ITEM_PROPERTIES = {
  unique_id: s.uniqueId(),
  title: s.text({ min: 1 }),
  expense_number: s.text({ min: 1, max: EXPENSE_NUMBER_MAX_LENGTH }),
  status: s.choice(EXPENSE_STATUSES),
  status_display: s.label(EXPENSE_STATUSES),
  expense_date: s.date(),
  amount: s.decimal(EXPENSE_AMOUNT),
  tax_amount: s.decimal(EXPENSE_TAX_AMOUNT),
  total_amount: s.decimal(EXPENSE_TOTAL),
  employee: person,
  vendor: s.nullable(s.named('VendorRef', s.object<NonNullable<ListItem['vendor']>>({ unique_id: s.uniqueId(), name: s.text() }))),
  date_created: s.dateTime(),
};

/** What `presentExpenseListItem` writes. */
export const EXPENSE_LIST_ITEM_SCHEMA = s.named('ExpenseListItem', s.object<ListItem>(LIST_ITEM_PROPERTIES));

/** What `presentExpense` writes. */
export const EXPENSE_SCHEMA = s.named(
  'Expense',
  s.object<Detail>({
    ...LIST_ITEM_PROPERTIES,
    description: s.nullable(s.text()),
    notes: s.nullable(s.text()),
    account: s.nullable(
      s.named(
        'ExpenseAccount',
        s.object<NonNullable<Detail['account']>>({
          unique_id: s.uniqueId(),
          account_code: s.text(),
          name: s.text(),
          account_type: s.choice(ACCOUNT_TYPES),
        }),
      ),
    ),
    submitted_date: dateTime,
    approved_date: dateTime,
    paid_date: dateTime,
    approved_by: person,
    created_by: person,
    receipt: s.nullable(s.uri()),
    receipt_url: s.nullable(s.uri()),
    vat_processed: s.boolean(),
    vat_processed_date: dateTime,
    rejection_reason: s.nullable(s.text()),
    last_updated: s.dateTime(),
  }),
);

// Every field reaches the wire (see field-coverage.ts); the records it names as nested references.
type ExpenseReferenceIds = 'accountId' | 'vendorId' | 'employeeId' | 'createdById' | 'approvedById';
export type ExpenseFieldsPresented = NoneMissing<
  UnpresentedFields<ExpenseSnapshot, ReturnType<typeof presentExpense>, 'id' | 'organisationId' | ExpenseReferenceIds> & string
>;
