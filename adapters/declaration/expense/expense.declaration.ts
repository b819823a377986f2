import { ACCOUNT_TYPES } from '../../../domain/account/account';
import { EXPENSE_AMOUNT, EXPENSE_NUMBER_MAX_LENGTH, EXPENSE_TAX_AMOUNT, EXPENSE_TOTAL, Expense, ExpenseSnapshot } from '../../../domain/expense/expense';
import { CREATABLE_EXPENSE_STATUSES, EXPENSE_STATUSES } from '../../../domain/expense/expense-status';
import { RECEIPT_CONTENT_TYPES } from '../../../domain/expense/receipt';
import { searchKey } from '../../persistence/search-key';
import { fieldsOf, NestedShape, nestedShape } from '../declared-field';
import { declareResource } from '../resource-declaration';

const f = fieldsOf<ExpenseSnapshot>();

/** The account an expense books to, as its answer shows it. */
const ACCOUNT: NestedShape = nestedShape<{ uniqueId: string; accountCode: string; name: string; accountType: string }>('ExpenseAccount', (n) => [
  n.uniqueId(),
  n.text('accountCode'),
  n.text('name'),
  n.choice('accountType', ACCOUNT_TYPES),
]);

/** The vendor an expense names, as its answer shows it. */
const VENDOR: NestedShape = nestedShape<{ uniqueId: string; name: string }>('VendorRef', (n) => [n.uniqueId(), n.text('name')]);

/** Every list filter's index leads with organisation_id and ends with the default ordering. */
const byOrganisation = (name: string, columns: string[]) => ({ name: `ix_expenses_${name}`, columns: ['organisation_id', ...columns] });

/**
 * `/organisation/{org}/expenses/` (spec Part 4, contract section 6): its
 * account, vendor and employee written by unique_id (`account_id`, …) and
 * shown as the records they name (`account`, …); its receipt uploaded in a
 * multipart body and shown as its download's URL. The status moves by the
 * action endpoint; the list shows a lighter item.
 */
export const EXPENSE_DECLARATION = declareResource<ExpenseSnapshot>()({
  names: { one: 'expense', many: 'expenses' },
  schemaName: 'Expense',
  tagDescription: 'Expenses, their receipts, and the actions that move them from draft to paid.',
  keyArea: 'expenses',
  tagAfter: 'Members',
  table: 'expenses',
  restore: Expense.restore,
  defaultOrdering: '-expense_date',
  orderings: ['expense_date', 'amount', 'total_amount', 'expense_number', 'date_created'],
  filters: ['account_id', 'employee_id', 'vendor_id', 'project_id', 'from_date', 'to_date', 'search', 'status'],
  listItem: {
    schemaName: 'ExpenseListItem',
    fields: ['unique_id', 'title', 'expense_number', 'status', 'status_display', 'expense_date', 'amount', 'tax_amount', 'total_amount', 'project_id', 'employee', 'vendor', 'date_created'],
  },
  fields: [
    f.uniqueId(),
    f.text('title', { required: true, searched: true }),
    f.text('expenseNumber', { max: EXPENSE_NUMBER_MAX_LENGTH, required: true, bytewise: true, searched: true, ordering: true }),
    // Composite: an expense books only to an account of its own organisation.
    f.reference('accountId', 'accounts', 'account_id', { required: true, writeOnly: true, filter: 'account_id', foreignKey: { scoped: true } }),
    // Any status binds, so that a refused one is the domain's error; a create's documents those it may take.
    f.choice('status', EXPENSE_STATUSES, { display: true, filter: 'status', columnLength: 10, createChoices: CREATABLE_EXPENSE_STATUSES }),
    f.date('expenseDate', { required: true, ordering: true, range: { from: 'from_date', to: 'to_date' } }),
    f.decimal('amount', EXPENSE_AMOUNT, { required: true, ordering: true }),
    f.decimal('taxAmount', EXPENSE_TAX_AMOUNT),
    f.decimal('totalAmount', EXPENSE_TOTAL, { readOnly: true, ordering: true }),
    // Postgres only: SQLite runs one transaction at a time, so the vendor's in-use check cannot race there.
    f.reference('vendorId', 'vendors', 'vendor_id', { nullable: true, writeOnly: true, filter: 'vendor_id', foreignKey: { name: 'fk_expenses_vendor', postgresOnly: true } }),
    f.reference('employeeId', 'persons', 'employee_id', { nullable: true, writeOnly: true, filter: 'employee_id' }),
    // Composite, on Postgres only (as the vendor's): a project of its own organisation; SQLite would rebuild the table to add it.
    f.reference('projectId', 'projects', 'project_id', {
      nullable: true,
      filter: 'project_id',
      foreignKey: { name: 'fk_expenses_project', scoped: true, postgresOnly: true },
      description: 'The project it is booked against, by unique_id: a new booking takes a planned or active project.',
    }),
    f.derived('employee', { type: 'person' }, { compute: (expense) => expense.employeeId }),
    f.derived('vendor', { type: 'summary', of: 'vendorId', shape: VENDOR }, { nullable: true }),
    f.timestamp('dateCreated', { ordering: true }),
    f.text('description', { nullable: true }),
    f.text('notes', { nullable: true }),
    f.derived('account', { type: 'summary', of: 'accountId', shape: ACCOUNT }, { nullable: true }),
    f.timestamp('submittedDate', { nullable: true }),
    f.timestamp('approvedDate', { nullable: true }),
    f.timestamp('paidDate', { nullable: true }),
    f.person('approvedById', 'approved_by', { nullable: true }),
    f.person('createdById', 'created_by'),
    f.file('receipt', RECEIPT_CONTENT_TYPES, { nullable: true }),
    f.derived('receiptUrl', { type: 'file', accepts: RECEIPT_CONTENT_TYPES, path: 'receipt' }, { nullable: true, compute: (expense) => expense.receipt }),
    f.boolean('vatProcessed'),
    f.timestamp('vatProcessedDate', { nullable: true }),
    f.text('rejectionReason', { nullable: true, readOnly: true }),
    f.timestamp('lastUpdated'),
  ],
  storage: {
    counted: true,
    uniques: [{ name: 'uq_expenses_expense_number', columns: ['organisation_id', 'expense_number'] }],
    // An expense no longer draft or rejected, or dated before the organisation's lock date, is `locked`.
    conflicts: ['create', 'update', 'delete'],
    // The number and the title searched as one key (see search-key.ts).
    computed: [{ column: 'search_key', type: { type: 'text' }, compute: (expense: ExpenseSnapshot) => searchKey(expense.expenseNumber, expense.title) }],
    searchColumns: ['search_key'],
    indices: [
      byOrganisation('date', ['expense_date', 'id']),
      byOrganisation('status', ['status', 'expense_date', 'id']),
      byOrganisation('account', ['account_id', 'expense_date', 'id']),
      byOrganisation('employee', ['employee_id', 'expense_date', 'id']),
      byOrganisation('vendor', ['vendor_id', 'expense_date', 'id']),
      byOrganisation('project', ['project_id', 'expense_date', 'id']),
      byOrganisation('amount', ['amount', 'id']),
      byOrganisation('total_amount', ['total_amount', 'id']),
      byOrganisation('date_created', ['date_created', 'id']),
      // Every report reads from it alone (migration 1763700001000).
      byOrganisation('report', ['expense_date', 'status', 'account_id', 'employee_id', 'vendor_id', 'amount', 'tax_amount', 'total_amount']),
    ],
  },
});
