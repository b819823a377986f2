import { InMemoryFile } from '../../../../application/shared/incoming-file';
import { useCasesOf } from '../../../support/record-use-cases';
import { Decimal } from '../../../../domain/shared/decimal';
import { Locked, NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import { RECEIPT_FILES } from '../../../support/expenses';
import { aNewExpense, expenseWorld, expensesIn } from './expense-world';

describe('UpdateExpense', () => {
  async function withExpense(overrides = {}) {
    const world = await expenseWorld();
    const created = await expensesIn(world.container).create.execute(world.member.actor, world.org, aNewExpense(overrides));
    const update = (actor = world.member.actor, changes = {}) =>
      expensesIn(world.container).update.execute(actor, world.org, created.expense.uniqueId, changes);
    return { ...world, created, update };
  }

  it('changes only what the command carries and stamps last_updated', async () => {
    const world = await withExpense({ description: 'kept' });
    world.clock.instant = new Date('2026-02-02T10:00:00.000Z');
    const view = await world.update(world.owner.actor, { amount: Decimal.of('40'), accountId: 'acct-6400' });
    expect(view.expense).toMatchObject({ description: 'kept', lastUpdated: new Date('2026-02-02T10:00:00.000Z') });
    expect(view.expense.totalAmount.toFixed()).toBe('40.00');
    expect(view.account?.uniqueId).toBe('acct-6400');
  });

  it('answers 409 locked before looking at the input once the expense is submitted', async () => {
    const world = await withExpense();
    await expensesIn(world.container).act.execute(world.member.actor, world.org, world.created.expense.uniqueId, { action: 'submit' });
    await expect(world.update(world.member.actor, { accountId: 'nope', title: 'x' })).rejects.toThrow(Locked);
  });

  it('answers 404 to a non-member and for an unknown expense', async () => {
    const world = await withExpense();
    await expect(world.update(world.outsider.actor, { title: 'mine' })).rejects.toThrow(NotFound);
    await expect(expensesIn(world.container).update.execute(world.member.actor, world.org, 'nope', {})).rejects.toThrow(NotFound);
  });

  it('refuses a number another expense has, and accepts its own', async () => {
    const world = await withExpense({ expenseNumber: 'OWN-1' });
    await expensesIn(world.container).create.execute(world.member.actor, world.org, aNewExpense({ expenseNumber: 'TAKEN-1' }));
    await expect(world.update(world.member.actor, { expenseNumber: 'TAKEN-1' })).rejects.toMatchObject({
      errors: { expense_number: ['expense with this expense number already exists.'] },
    });
    await expect(world.update(world.member.actor, { expenseNumber: 'OWN-1' })).resolves.toBeDefined();
  });

  it('keeps an account made inactive since, but refuses a move to another inactive one', async () => {
    const world = await withExpense();
    const accounts = useCasesOf(world.container, 'account').update;
    await accounts.execute(world.owner.actor, world.org, 'acct-6300', { isActive: false });
    await accounts.execute(world.owner.actor, world.org, 'acct-6400', { isActive: false });
    await expect(world.update(world.member.actor, { accountId: 'acct-6300', title: 'same account' })).resolves.toBeDefined();
    await expect(world.update(world.member.actor, { accountId: 'acct-6400' })).rejects.toThrow(ValidationFailed);
  });

  it('replaces a receipt and removes the old file; null removes it; leaving it out keeps it', async () => {
    const world = await withExpense({ receipt: new InMemoryFile(RECEIPT_FILES.pdf.bytes) });
    const first = world.created.expense.receipt!.key;

    const kept = await world.update(world.member.actor, { title: 'no receipt change' });
    expect(kept.expense.receipt?.key).toBe(first);

    const replaced = await world.update(world.member.actor, { receipt: new InMemoryFile(RECEIPT_FILES.webp.bytes) });
    expect(replaced.expense.receipt).toMatchObject({ contentType: 'image/webp' });
    expect(world.receipts.keys()).toEqual([replaced.expense.receipt!.key]);

    const removed = await world.update(world.member.actor, { receipt: null });
    expect(removed.expense.receipt).toBeNull();
    expect(world.receipts.keys()).toEqual([]);
  });

  it('keeps the old receipt and drops the new file when the update is refused', async () => {
    const world = await withExpense({ receipt: new InMemoryFile(RECEIPT_FILES.pdf.bytes) });
    await expect(
      world.update(world.member.actor, { receipt: new InMemoryFile(RECEIPT_FILES.png.bytes), status: 'approved' }),
    ).rejects.toThrow(ValidationFailed);
    expect(world.receipts.keys()).toEqual([world.created.expense.receipt!.key]);
  });
});
