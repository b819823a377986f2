import { ApplyExpenseAction } from '../../../../application/expense/apply-expense-action.use-case';
import { InvalidTransition, NotFound, PermissionDenied } from '../../../../domain/shared/errors';
import { aNewExpense, expenseWorld, expensesIn } from './expense-world';

describe('ApplyExpenseAction', () => {
  async function withDraft() {
    const world = await expenseWorld();
    const created = await expensesIn(world.container).create.execute(world.member.actor, world.org, aNewExpense());
    const act = (actor: { personId: string }, action: Parameters<ApplyExpenseAction['execute']>[3]['action'], reason?: string) =>
      expensesIn(world.container).act.execute(actor, world.org, created.expense.uniqueId, { action, reason });
    return { ...world, created, act };
  }

  it('lets a member submit and reopen, and records who approved and when', async () => {
    const world = await withDraft();
    world.clock.instant = new Date('2026-02-03T08:00:00.000Z');
    const submitted = await world.act(world.member.actor, 'submit');
    expect(submitted.expense).toMatchObject({ status: 'submitted', submittedDate: new Date('2026-02-03T08:00:00.000Z') });

    world.clock.instant = new Date('2026-02-04T08:00:00.000Z');
    const approved = await world.act(world.owner.actor, 'approve');
    expect(approved.expense).toMatchObject({ status: 'approved', approvedDate: new Date('2026-02-04T08:00:00.000Z') });
    expect(approved.approvedBy).toEqual({ uniqueId: world.owner.person.uniqueId, fullName: 'Olive Owner' });
    expect(approved.createdBy).toEqual({ uniqueId: world.member.person.uniqueId, fullName: 'Mo Member' });
  });

  it.each([
    ['approve', ['submit'], 'approved'],
    ['reject', ['submit'], 'rejected'],
    ['mark_paid', ['submit', 'approve'], 'paid'],
    ['reimburse', ['submit', 'approve'], 'reimbursed'],
  ] as const)('keeps %s to the owner: a member is refused, a non-member not found, and nothing changes', async (action, before, after) => {
    const world = await withDraft();
    for (const step of before) await world.act(world.owner.actor, step);
    await expect(world.act(world.member.actor, action)).rejects.toThrow(PermissionDenied);
    await expect(world.act(world.outsider.actor, action)).rejects.toThrow(NotFound);
    expect((await world.act(world.owner.actor, action)).expense.status).toBe(after);
  });

  it('keeps the rejection reason, and lets the member reopen the expense', async () => {
    const world = await withDraft();
    await world.act(world.member.actor, 'submit');
    expect((await world.act(world.owner.actor, 'reject', 'Wrong account')).expense.rejectionReason).toBe('Wrong account');
    expect((await world.act(world.member.actor, 'reopen')).expense.status).toBe('draft');
  });

  it('answers 409 to an action the status does not allow, and 404 to a non-member', async () => {
    const world = await withDraft();
    await expect(world.act(world.owner.actor, 'approve')).rejects.toThrow(InvalidTransition);
    await expect(world.act(world.outsider.actor, 'submit')).rejects.toThrow(NotFound);
  });

  it('lets exactly one of two concurrent approvals through', async () => {
    const world = await withDraft();
    await world.act(world.member.actor, 'submit');
    const results = await Promise.allSettled([world.act(world.owner.actor, 'approve'), world.act(world.owner.actor, 'approve')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(InvalidTransition);
  });
});
