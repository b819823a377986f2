import {
  Expense,
  EXPENSE_AMOUNT,
  EXPENSE_NUMBER_MAX_LENGTH,
  EXPENSE_TOTAL,
  ExpenseChanges,
} from '../../../../domain/expense/expense';
import { CREATABLE_EXPENSE_STATUSES, ExpenseStatus } from '../../../../domain/expense/expense-status';
import { ReceiptReference } from '../../../../domain/expense/receipt';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { Locked, ValidationFailed } from '../../../../domain/shared/errors';
import { aDraft, anExpenseIn, CREATED_AT, CREATOR, NOW } from './expense.mother';

const date = CalendarDate.of;
const money = Decimal.of;
const TOTAL_TOO_LARGE = 'Ensure that the total amount has no more than 10 digits before the decimal point.';
const LOCK_MESSAGE = 'Expenses dated before the financial year lock date (2026-01-01) cannot be created or changed.';
const LOCK = date('2026-01-01');
const RECEIPT: ReceiptReference = { key: 'receipts/org-1/abc.pdf', contentType: 'application/pdf', size: 2048 };

/** The field errors of a ValidationFailed thrown by `act`; fails the test if anything else happens. */
function fieldErrorsOf(act: () => unknown) {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailed);
    return (error as ValidationFailed).errors;
  }
  throw new Error('expected a ValidationFailed');
}

describe('creating an expense', () => {
  it('starts as a draft with no tax, the exact total and no workflow dates', () => {
    const expense = aDraft({ amount: money('25.5') });
    const s = expense.snapshot();

    expect(s.status).toBe('draft');
    expect(s.amount.toFixed()).toBe('25.50');
    expect(s.taxAmount.toFixed()).toBe('0.00');
    expect(s.totalAmount.toFixed()).toBe('25.50');
    expect([s.submittedDate, s.approvedDate, s.paidDate, s.approvedById]).toEqual([null, null, null, null]);
    expect([s.description, s.notes, s.vendorId, s.employeeId, s.receipt]).toEqual([null, null, null, null, null]);
    expect(s.vatProcessed).toBe(false);
    expect(s.vatProcessedDate).toBeNull();
    expect(s.rejectionReason).toBeNull();
    expect(s.createdById).toBe(CREATOR);
    expect(s.dateCreated).toEqual(CREATED_AT);
    expect(s.lastUpdated).toEqual(CREATED_AT);
  });

  it('may go straight to submitted, stamping submitted_date', () => {
    const expense = aDraft({ status: 'submitted' });
    expect(expense.status).toBe('submitted');
    expect(expense.snapshot().submittedDate).toEqual(CREATED_AT);
  });

  it('allows only draft and submitted as the starting status', () => {
    expect([...CREATABLE_EXPENSE_STATUSES]).toEqual(['draft', 'submitted']);
  });

  it.each<ExpenseStatus>(['approved', 'paid', 'rejected', 'reimbursed'])('refuses to start as %s', (status) => {
    expect(fieldErrorsOf(() => aDraft({ status }))).toEqual({ status: [`"${status}" is not a valid choice.`] });
  });

  it('keeps the optional fields it is given', () => {
    const s = aDraft({
      description: 'Airport run',
      notes: 'Shared with sales',
      vendorId: 'vendor-9',
      employeeId: 'person-7',
      receipt: RECEIPT,
      taxAmount: money('4.00'),
    }).snapshot();
    expect(s).toMatchObject({
      description: 'Airport run',
      notes: 'Shared with sales',
      vendorId: 'vendor-9',
      employeeId: 'person-7',
      receipt: RECEIPT,
    });
    expect(s.totalAmount.toFixed()).toBe('29.00');
  });

  it('sets vat_processed_date when created as VAT-processed', () => {
    const s = aDraft({ vatProcessed: true }).snapshot();
    expect(s.vatProcessed).toBe(true);
    expect(s.vatProcessedDate).toEqual(CREATED_AT);
  });

  it('refuses a blank title and a blank expense number, all at once', () => {
    expect(fieldErrorsOf(() => aDraft({ title: '  ', expenseNumber: '' }))).toEqual({
      title: ['This field may not be blank.'],
      expense_number: ['This field may not be blank.'],
    });
  });

  it(`accepts an expense number of ${EXPENSE_NUMBER_MAX_LENGTH} characters and refuses one more`, () => {
    expect(aDraft({ expenseNumber: 'N'.repeat(100) }).expenseNumber).toHaveLength(100);
    expect(fieldErrorsOf(() => aDraft({ expenseNumber: 'N'.repeat(101) }))).toEqual({
      expense_number: ['Ensure this field has no more than 100 characters.'],
    });
  });

  it('refuses a receipt that is not a PDF, PNG, JPEG or WebP', () => {
    const gif = { key: 'k', contentType: 'image/gif', size: 10 } as unknown as ReceiptReference;
    expect(Object.keys(fieldErrorsOf(() => aDraft({ receipt: gif })))).toEqual(['receipt']);
  });
});

describe('amounts and the total', () => {
  it('adds exactly: 0.10 + 0.20 is 0.30', () => {
    const expense = aDraft({ amount: money('0.10'), taxAmount: money('0.20') });
    expect(expense.totalAmount.toFixed()).toBe('0.30');
    expect(expense.totalAmount.equals(money('0.3'))).toBe(true);
  });

  it('accepts the largest total, 9999999999.99 + 0.00', () => {
    const expense = aDraft({ amount: money('9999999999.99'), taxAmount: money('0.00') });
    expect(expense.totalAmount.toFixed()).toBe('9999999999.99');
  });

  it('refuses 9999999999.99 + 0.01 on amount', () => {
    expect(fieldErrorsOf(() => aDraft({ amount: money('9999999999.99'), taxAmount: money('0.01') }))).toEqual({
      amount: [TOTAL_TOO_LARGE],
    });
  });

  it('refuses an amount that fits its own 13 digits but not the 10-digit total', () => {
    expect(EXPENSE_AMOUNT.fits(money('12345678901.00'))).toBe(true);
    expect(EXPENSE_TOTAL.fits(money('12345678901.00'))).toBe(false);
    expect(fieldErrorsOf(() => aDraft({ amount: money('12345678901.00') }))).toEqual({ amount: [TOTAL_TOO_LARGE] });
  });

  it('reports an amount over its own limit with the field message rather than the total one', () => {
    expect(fieldErrorsOf(() => aDraft({ amount: money('12345678901234') }))).toEqual({
      amount: ['Ensure that there are no more than 13 digits before the decimal point.'],
    });
  });

  it('refuses a tax amount with three decimal places', () => {
    expect(fieldErrorsOf(() => aDraft({ taxAmount: money('1.005') }))).toEqual({
      tax_amount: ['Ensure that there are no more than 2 decimal places.'],
    });
  });

  it('stores whole amounts with two places', () => {
    const expense = aDraft({ amount: money('10'), taxAmount: money('1.6') });
    expect([expense.amount.toString(), expense.taxAmount.toString(), expense.totalAmount.toString()]).toEqual([
      '10.00',
      '1.60',
      '11.60',
    ]);
  });
});

describe('editing an expense', () => {
  it('changes what is sent, keeps what is not, recomputes the total and stamps last_updated', () => {
    const expense = aDraft({ description: 'Airport run', taxAmount: money('2.00') });
    expense.edit({ title: 'Taxi to airport', amount: money('40.00') }, NOW, null);
    const s = expense.snapshot();

    expect(s.title).toBe('Taxi to airport');
    expect(s.description).toBe('Airport run');
    expect(s.totalAmount.toFixed()).toBe('42.00');
    expect(s.lastUpdated).toEqual(NOW);
    expect(s.dateCreated).toEqual(CREATED_AT);
  });

  it('clears nullable fields sent as null, the receipt included', () => {
    const expense = aDraft({ description: 'Airport run', vendorId: 'vendor-9', receipt: RECEIPT });
    expense.edit({ description: null, vendorId: null, receipt: null }, NOW, null);
    expect(expense.snapshot()).toMatchObject({ description: null, vendorId: null, receipt: null });
  });

  it.each<ExpenseStatus>(['draft', 'rejected'])('is allowed while %s', (status) => {
    const expense = anExpenseIn(status);
    expense.edit({ title: 'Corrected' }, NOW, null);
    expect(expense.snapshot().title).toBe('Corrected');
    expect(expense.status).toBe(status);
  });

  it.each<ExpenseStatus>(['submitted', 'approved', 'paid', 'reimbursed'])('is locked once %s', (status) => {
    const expense = anExpenseIn(status);
    const before = expense.snapshot();
    expect(() => expense.edit({ title: 'changed' }, NOW, null)).toThrow(Locked);
    expect(() => expense.edit({ title: 'changed' }, NOW, null)).toThrow(
      'Only draft and rejected expenses can be edited.',
    );
    expect(expense.snapshot()).toEqual(before);
  });

  it('refuses a status different from the current one: status moves only by action', () => {
    const expense = aDraft();
    const errors = fieldErrorsOf(() => expense.edit({ status: 'approved', title: 'changed' }, NOW, null));
    expect(Object.keys(errors)).toEqual(['status']);
    expect(expense.status).toBe('draft');
    expect(expense.snapshot().title).toBe('Taxi to client meeting');
  });

  it('can be checked before any input is looked at: frozen by status, or by the lock date', () => {
    expect(() => anExpenseIn('approved').assertEditable(null)).toThrow('Only draft and rejected expenses can be edited.');
    expect(() => aDraft({ expenseDate: date('2025-12-20') }).assertEditable(LOCK)).toThrow(LOCK_MESSAGE);
    expect(() => anExpenseIn('rejected').assertEditable(LOCK)).not.toThrow();
  });

  it('accepts the current status sent back unchanged', () => {
    const expense = anExpenseIn('rejected');
    expense.edit({ status: 'rejected', title: 'Corrected' }, NOW, null);
    expect(expense.status).toBe('rejected');
    expect(expense.snapshot().title).toBe('Corrected');
  });

  it('refuses a different unique_id and accepts the same one', () => {
    const expense = aDraft();
    expect(fieldErrorsOf(() => expense.edit({ uniqueId: 'another' }, NOW, null))).toEqual({
      unique_id: ['This field cannot be changed.'],
    });
    expense.edit({ uniqueId: 'exp-taxi-1', title: 'Same id' }, NOW, null);
    expect(expense.uniqueId).toBe('exp-taxi-1');
    expect(expense.snapshot().title).toBe('Same id');
  });

  it('refuses a change that would overflow the total and keeps the old amounts', () => {
    const expense = aDraft({ amount: money('9999999999.99') });
    const before = expense.snapshot();
    expect(fieldErrorsOf(() => expense.edit({ taxAmount: money('0.01') }, NOW, null))).toEqual({
      amount: [TOTAL_TOO_LARGE],
    });
    expect(expense.snapshot()).toEqual(before);
  });

  it('validates the merged result: a blank title sent on PATCH is refused', () => {
    const expense = aDraft();
    expect(fieldErrorsOf(() => expense.edit({ title: '' }, NOW, null))).toEqual({
      title: ['This field may not be blank.'],
    });
  });
});

describe('vat_processed', () => {
  it('true stamps vat_processed_date; false clears it', () => {
    const expense = aDraft();
    expense.edit({ vatProcessed: true }, NOW, null);
    expect(expense.snapshot().vatProcessedDate).toEqual(NOW);

    expense.edit({ vatProcessed: false }, new Date('2026-02-02T00:00:00.000Z'), null);
    expect(expense.snapshot().vatProcessed).toBe(false);
    expect(expense.snapshot().vatProcessedDate).toBeNull();
  });

  it('sent as true again keeps the date it was first processed on', () => {
    const expense = aDraft({ vatProcessed: true });
    expense.edit({ vatProcessed: true }, NOW, null);
    expect(expense.snapshot().vatProcessedDate).toEqual(CREATED_AT);
  });

  it('is untouched by an edit that does not mention it', () => {
    const expense = aDraft({ vatProcessed: true });
    expense.edit({ title: 'Other' }, NOW, null);
    expect(expense.snapshot().vatProcessedDate).toEqual(CREATED_AT);
  });
});

describe('the financial year lock date', () => {
  it('refuses to create an expense dated before it', () => {
    expect(() => aDraft({ expenseDate: date('2025-12-31'), lockDate: LOCK })).toThrow(Locked);
    expect(() => aDraft({ expenseDate: date('2025-12-31'), lockDate: LOCK })).toThrow(LOCK_MESSAGE);
  });

  it.each(['2026-01-01', '2026-03-15'])('accepts an expense dated %s', (day) => {
    expect(aDraft({ expenseDate: date(day), lockDate: LOCK }).expenseDate.toString()).toBe(day);
  });

  it('does not apply when the organisation has no lock date', () => {
    expect(aDraft({ expenseDate: date('1999-01-01'), lockDate: null }).expenseDate.toString()).toBe('1999-01-01');
  });

  it('refuses to move an expense before it', () => {
    const expense = aDraft({ expenseDate: date('2026-01-09') });
    const before = expense.snapshot();
    expect(() => expense.edit({ expenseDate: date('2025-12-31') }, NOW, LOCK)).toThrow(LOCK_MESSAGE);
    expect(expense.snapshot()).toEqual(before);
  });

  it('freezes an expense already dated before it, even when the edit moves it after', () => {
    const expense = aDraft({ expenseDate: date('2025-12-20'), lockDate: null });
    expect(() => expense.edit({ title: 'changed' }, NOW, LOCK)).toThrow(Locked);
    expect(() => expense.edit({ expenseDate: date('2026-01-05') }, NOW, LOCK)).toThrow(LOCK_MESSAGE);
    expect(expense.expenseDate.toString()).toBe('2025-12-20');
  });

  it('freezes it against deletion too', () => {
    const expense = aDraft({ expenseDate: date('2025-12-20'), lockDate: null });
    expect(() => expense.assertDeletable(LOCK)).toThrow(LOCK_MESSAGE);
    expect(() => expense.assertDeletable(null)).not.toThrow();
  });
});

describe('deleting an expense', () => {
  it.each<ExpenseStatus>(['draft', 'rejected'])('is allowed while %s', (status) => {
    expect(() => anExpenseIn(status).assertDeletable()).not.toThrow();
  });

  it.each<ExpenseStatus>(['submitted', 'approved', 'paid', 'reimbursed'])('is locked once %s', (status) => {
    const expense = anExpenseIn(status);
    expect(() => expense.assertDeletable()).toThrow(Locked);
    expect(() => expense.assertDeletable()).toThrow('Only draft and rejected expenses can be deleted.');
  });
});

describe('restore and snapshot', () => {
  it('round-trip every field', () => {
    const original = anExpenseIn('paid');
    expect(Expense.restore(original.snapshot()).snapshot()).toEqual(original.snapshot());
  });

  it('hand out copies: changing a snapshot does not change the expense', () => {
    const expense = aDraft();
    const copy = expense.snapshot();
    copy.status = 'paid';
    copy.title = 'tampered';
    expect(expense.status).toBe('draft');
    expect(expense.snapshot().title).toBe('Taxi to client meeting');
  });

  it('edit changes only the fields the caller lists', () => {
    const expense = aDraft();
    const before = expense.snapshot();
    const changes: ExpenseChanges = { notes: 'n' };
    expense.edit(changes, NOW, null);
    expect(expense.snapshot()).toEqual({ ...before, notes: 'n', lastUpdated: NOW });
  });
});
