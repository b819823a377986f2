import { ExpenseView } from '../../../application/expense/expense-views';
import { EXPENSE_STATUSES } from '../../../domain/expense/expense-status';
import { API_PREFIX } from '../shared/controller';
import { wire } from '../shared/present';

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
  return {
    ...presentExpenseListItem(view),
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
  };
}
