import { ExpenseFilters, ExpenseOrderingField } from '../../../application/expense/expense.ports';
import { IncomingFile } from '../../../application/shared/incoming-file';
import { EXPENSE_AMOUNT, EXPENSE_NUMBER_MAX_LENGTH, EXPENSE_TAX_AMOUNT, ExpenseChanges } from '../../../domain/expense/expense';
import { CREATABLE_EXPENSE_STATUSES, EXPENSE_STATUSES, ExpenseStatus } from '../../../domain/expense/expense-status';
import { EXPENSE_ACTIONS, ExpenseAction } from '../../../domain/expense/expense-transitions';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { fields } from '../validation/fields';
import { fileField } from '../validation/file-field';
import { Input } from '../validation/input';
import { filters, Orderings, SEARCH_DESCRIPTION } from '../validation/query';
import { NoneMissing, UnboundFields } from '../shared/field-coverage';

/** unique_ids of other records: `min 1`, and in a form an empty value means null. */
const reference = (options: { required?: boolean; nullable?: boolean }) => fields.text({ ...options, allowBlank: false });

/**
 * The writable fields of an expense. Read-only fields are not declared, so
 * ignored; the status on create is narrowed by the domain (draft or submitted).
 */
export class ExpenseInput {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('title', fields.text({ required: true })) title?: string;
  @Input('description', fields.text({ nullable: true })) description?: string | null;
  @Input('notes', fields.text({ nullable: true })) notes?: string | null;
  @Input('expense_number', fields.text({ required: true, max: EXPENSE_NUMBER_MAX_LENGTH })) expenseNumber?: string;
  @Input('account_id', reference({ required: true })) accountUniqueId?: string;
  @Input('status', fields.choice(EXPENSE_STATUSES)) status?: ExpenseStatus;
  @Input('expense_date', fields.date({ required: true })) expenseDate?: CalendarDate;
  @Input('amount', fields.decimal(EXPENSE_AMOUNT, { required: true })) amount?: Decimal;
  @Input('tax_amount', fields.decimal(EXPENSE_TAX_AMOUNT)) taxAmount?: Decimal;
  @Input('vendor_id', reference({ nullable: true })) vendorUniqueId?: string | null;
  @Input('employee_id', reference({ nullable: true })) employeeUniqueId?: string | null;
  @Input('receipt', fileField({ nullable: true })) receipt?: IncomingFile | null;
  @Input('vat_processed', fields.boolean()) vatProcessed?: boolean;
}

/**
 * The body of a create: an expense's fields, its status described as the
 * domain narrows it (draft or submitted). The field binds every status as the
 * update's does, so a refused one is still the domain's error.
 */
export class ExpenseCreateInput extends ExpenseInput {
  @Input('status', fields.choice(EXPENSE_STATUSES), { documentedChoices: CREATABLE_EXPENSE_STATUSES }) declare status?: ExpenseStatus;
}

export type NewExpenseInput = ExpenseCreateInput &
  Required<Pick<ExpenseInput, 'title' | 'expenseNumber' | 'accountUniqueId' | 'expenseDate' | 'amount'>>;

/** The action endpoint's parameters: the query string, or on POST also the body. */
export class ExpenseActionInput {
  @Input('action', fields.choice(EXPENSE_ACTIONS, { required: true })) action?: ExpenseAction;
  @Input('reason', fields.text({ nullable: true })) reason?: string | null;
}

/** The list's filters (`ExpenseFilters` of the expense ports): records named by unique_id. */
export class ExpenseFilterInput implements ExpenseFilters {
  @Input('account_id', filters.text()) account?: string;
  @Input('employee_id', filters.text()) employee?: string;
  @Input('vendor_id', filters.text()) vendor?: string;
  @Input('from_date', filters.date()) fromDate?: CalendarDate;
  @Input('to_date', filters.date()) toDate?: CalendarDate;
  @Input('search', filters.text(), { description: SEARCH_DESCRIPTION }) search?: string;
  @Input('status', filters.choice(EXPENSE_STATUSES)) status?: ExpenseStatus;
}

export const EXPENSE_ORDERING: Orderings<ExpenseOrderingField> = {
  choices: {
    expense_date: 'expenseDate',
    amount: 'amount',
    total_amount: 'totalAmount',
    expense_number: 'expenseNumber',
    date_created: 'dateCreated',
  },
  default: { field: 'expenseDate', descending: true },
};

// Every field the changes take is read from the body (see field-coverage.ts); the records it names by unique_id.
export type ExpenseFieldsBound = NoneMissing<UnboundFields<ExpenseChanges, ExpenseInput, 'accountId' | 'vendorId' | 'employeeId'> & string>;
