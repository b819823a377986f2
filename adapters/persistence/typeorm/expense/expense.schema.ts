import { EntitySchema } from 'typeorm';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { columnsFor, Dialect } from '../columns';

export interface ExpenseRow {
  id: string;
  unique_id: string;
  organisation_id: string;
  title: string;
  description: string | null;
  notes: string | null;
  expense_number: string;
  account_id: string;
  /** A vendor of the vendor area; no foreign key, so that the two areas stay apart. */
  vendor_id: string | null;
  employee_id: string | null;
  status: string;
  expense_date: CalendarDate;
  submitted_date: Date | null;
  approved_date: Date | null;
  paid_date: Date | null;
  approved_by_id: string | null;
  created_by_id: string;
  amount: Decimal;
  tax_amount: Decimal;
  total_amount: Decimal;
  receipt_key: string | null;
  receipt_content_type: string | null;
  receipt_size: number | null;
  vat_processed: boolean;
  vat_processed_date: Date | null;
  rejection_reason: string | null;
  /** Lowered number and title, searched with LIKE (see expense-search.ts). */
  search_key: string;
  date_created: Date;
  last_updated: Date;
}

export function expenseSchemas(dialect: Dialect): EntitySchema[] {
  const c = columnsFor(dialect);
  return [
    new EntitySchema<ExpenseRow>({
      name: 'Expense',
      tableName: 'expenses',
      columns: {
        id: c.id(),
        unique_id: c.text(100, false),
        organisation_id: c.ref(),
        title: c.text(undefined, false),
        description: c.text(),
        notes: c.text(),
        expense_number: c.text(100, false),
        account_id: c.ref(),
        vendor_id: c.ref(true),
        employee_id: c.ref(true),
        status: c.text(10, false),
        expense_date: c.date(false),
        submitted_date: c.timestamp(true),
        approved_date: c.timestamp(true),
        paid_date: c.timestamp(true),
        approved_by_id: c.ref(true),
        created_by_id: c.ref(),
        amount: c.decimal(),
        tax_amount: c.decimal(),
        total_amount: c.decimal(),
        receipt_key: c.text(200),
        receipt_content_type: c.text(50),
        receipt_size: c.integer(true),
        vat_processed: c.boolean(),
        vat_processed_date: c.timestamp(true),
        rejection_reason: c.text(),
        search_key: c.text(undefined, false),
        date_created: c.timestamp(),
        last_updated: c.timestamp(),
      },
    }),
  ];
}
