import { Expense, ExpenseSnapshot } from '../../../../domain/expense/expense';
import { EXPENSE_STATUSES, ExpenseStatus } from '../../../../domain/expense/expense-status';
import { actionsFrom, EXPENSE_ACTIONS, ExpenseAction } from '../../../../domain/expense/expense-transitions';
import { InvalidTransition, ValidationFailed } from '../../../../domain/shared/errors';
import { aDraft, anExpenseIn, CREATOR, NOW, OWNER } from './expense.mother';

const STATUSES: ExpenseStatus[] = ['draft', 'submitted', 'approved', 'paid', 'rejected', 'reimbursed'];
const ACTIONS: ExpenseAction[] = ['submit', 'approve', 'reject', 'mark_paid', 'reimburse', 'reopen'];

// Written out independently of the domain's table, so that a wrong entry there fails here.
const ALLOWED: Record<string, { to: ExpenseStatus; effect: Partial<ExpenseSnapshot> }> = {
  'draft submit': { to: 'submitted', effect: { submittedDate: NOW, rejectionReason: null } },
  'submitted approve': { to: 'approved', effect: { approvedDate: NOW, approvedById: OWNER } },
  'submitted reject': { to: 'rejected', effect: { rejectionReason: 'Wrong account' } },
  'approved mark_paid': { to: 'paid', effect: { paidDate: NOW } },
  'approved reimburse': { to: 'reimbursed', effect: { paidDate: NOW } },
  'rejected reopen': { to: 'draft', effect: {} },
};

const byMethod: Record<ExpenseAction, (expense: Expense) => void> = {
  submit: (e) => e.submit(NOW),
  approve: (e) => e.approve(OWNER, NOW),
  reject: (e) => e.reject('Wrong account', NOW),
  mark_paid: (e) => e.markPaid(NOW),
  reimburse: (e) => e.reimburse(NOW),
  reopen: (e) => e.reopen(NOW),
};

const byApply = (action: ExpenseAction) => (e: Expense) => e.apply(action, OWNER, NOW, 'Wrong account');

const PAIRS = STATUSES.flatMap((status) => ACTIONS.map((action) => [status, action] as const));

describe.each([
  ['command method', (action: ExpenseAction) => byMethod[action]],
  ['apply()', byApply],
])('expense state machine via %s', (_via, perform) => {
  it.each(PAIRS)('from %s, %s', (status, action) => {
    const expense = anExpenseIn(status);
    const before = expense.snapshot();
    const allowed = ALLOWED[`${status} ${action}`];

    if (allowed) {
      perform(action)(expense);
      expect(expense.snapshot()).toEqual({ ...before, ...allowed.effect, status: allowed.to, lastUpdated: NOW });
    } else {
      expect(() => perform(action)(expense)).toThrow(InvalidTransition);
      expect(() => perform(action)(expense)).toThrow(`Cannot ${action} an expense in status "${status}".`);
      expect(expense.snapshot()).toEqual(before);
    }
  });
});

describe('the transition table', () => {
  it('reaches every status from a draft', () => {
    for (const status of STATUSES) expect(anExpenseIn(status).status).toBe(status);
  });

  it('allows exactly six moves', () => {
    const allowedPairs = STATUSES.flatMap((status) => actionsFrom(status).map((action) => `${status} ${action}`));
    expect(allowedPairs.sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('names the actions as the wire does', () => {
    expect(EXPENSE_ACTIONS.values).toEqual(ACTIONS);
    expect(EXPENSE_ACTIONS.has('mark_paid')).toBe(true);
    expect(EXPENSE_ACTIONS.has('markPaid')).toBe(false);
  });

  it('labels every status for status_display', () => {
    expect(STATUSES.map((status) => EXPENSE_STATUSES.label(status))).toEqual([
      'Draft',
      'Submitted',
      'Approved',
      'Paid',
      'Rejected',
      'Reimbursed',
    ]);
  });
});

describe('the rejection reason', () => {
  it('is kept on reject, still shown after reopen, and cleared by the next submit', () => {
    const expense = anExpenseIn('submitted');

    expense.reject('Receipt is illegible', NOW);
    expect(expense.rejectionReason).toBe('Receipt is illegible');

    expense.reopen(NOW);
    expect(expense.status).toBe('draft');
    expect(expense.rejectionReason).toBe('Receipt is illegible');

    expense.submit(NOW);
    expect(expense.rejectionReason).toBeNull();
  });

  it.each([null, '', '   '])('is null when the reason given is %p', (reason) => {
    const expense = anExpenseIn('submitted');
    expense.reject(reason, NOW);
    expect(expense.status).toBe('rejected');
    expect(expense.rejectionReason).toBeNull();
  });

  it('is ignored by apply() for actions other than reject', () => {
    const expense = aDraft();
    expense.apply('submit', CREATOR, NOW, 'not a rejection');
    expect(expense.rejectionReason).toBeNull();
  });
});

describe('approval', () => {
  it('records who approved, not who created', () => {
    const expense = anExpenseIn('submitted');
    expense.apply('approve', OWNER, NOW);
    expect(expense.approvedById).toBe(OWNER);
    expect(expense.createdById).toBe(CREATOR);
  });
});

describe('apply() with an unknown action', () => {
  it('is a validation error on action and changes nothing', () => {
    const expense = aDraft();
    const before = expense.snapshot();
    let thrown: unknown;
    try {
      expense.apply('bogus' as ExpenseAction, OWNER, NOW);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationFailed);
    expect((thrown as ValidationFailed).errors).toEqual({ action: ['"bogus" is not a valid choice.'] });
    expect(expense.snapshot()).toEqual(before);
  });
});
