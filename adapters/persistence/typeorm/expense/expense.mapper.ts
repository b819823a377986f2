import { Expense } from '../../../../domain/expense/expense';
import { ExpenseStatus } from '../../../../domain/expense/expense-status';
import { ReceiptContentType, ReceiptReference } from '../../../../domain/expense/receipt';
import { searchKey } from '../../search-key';
import { RowMapper } from '../organisation-records';
import { ExpenseRow } from './expense.schema';

export const ExpenseMapper: RowMapper<ExpenseRow, Expense> = {
  toDomain(row: ExpenseRow): Expense {
    const receipt: ReceiptReference | null =
      row.receipt_key === null
        ? null
        : { key: row.receipt_key, contentType: row.receipt_content_type as ReceiptContentType, size: row.receipt_size ?? 0 };
    return Expense.restore({
      id: row.id,
      uniqueId: row.unique_id,
      organisationId: row.organisation_id,
      title: row.title,
      description: row.description,
      notes: row.notes,
      expenseNumber: row.expense_number,
      accountId: row.account_id,
      vendorId: row.vendor_id,
      employeeId: row.employee_id,
      status: row.status as ExpenseStatus,
      expenseDate: row.expense_date,
      submittedDate: row.submitted_date,
      approvedDate: row.approved_date,
      paidDate: row.paid_date,
      approvedById: row.approved_by_id,
      createdById: row.created_by_id,
      amount: row.amount,
      taxAmount: row.tax_amount,
      totalAmount: row.total_amount,
      receipt,
      vatProcessed: row.vat_processed,
      vatProcessedDate: row.vat_processed_date,
      rejectionReason: row.rejection_reason,
      dateCreated: row.date_created,
      lastUpdated: row.last_updated,
    });
  },

  toPersistence(expense: Expense): ExpenseRow {
    const s = expense.snapshot();
    return {
      id: s.id,
      unique_id: s.uniqueId,
      organisation_id: s.organisationId,
      title: s.title,
      description: s.description,
      notes: s.notes,
      expense_number: s.expenseNumber,
      account_id: s.accountId,
      vendor_id: s.vendorId,
      employee_id: s.employeeId,
      status: s.status,
      expense_date: s.expenseDate,
      submitted_date: s.submittedDate,
      approved_date: s.approvedDate,
      paid_date: s.paidDate,
      approved_by_id: s.approvedById,
      created_by_id: s.createdById,
      amount: s.amount,
      tax_amount: s.taxAmount,
      total_amount: s.totalAmount,
      receipt_key: s.receipt?.key ?? null,
      receipt_content_type: s.receipt?.contentType ?? null,
      receipt_size: s.receipt?.size ?? null,
      vat_processed: s.vatProcessed,
      vat_processed_date: s.vatProcessedDate,
      rejection_reason: s.rejectionReason,
      search_key: searchKey(s.expenseNumber, s.title),
      date_created: s.dateCreated,
      last_updated: s.lastUpdated,
    };
  },
};
