import { InMemoryFileRemovals } from '../../../../adapters/persistence/in-memory/in-memory-file-removals';
import { ReceiptFiles } from '../../../../application/expense/receipt-files';
import { FILE_REMOVAL_TOKENS, UPLOAD_GRACE_MS } from '../../../../application/shared/file-removals';
import { InMemoryFile } from '../../../../application/shared/incoming-file';
import { SweepFileRemovals } from '../../../../application/shared/sweep-file-removals.use-case';
import { RECEIPT_FILES } from '../../../support/expenses';
import { aNewExpense, expenseWorld, expensesIn } from '../expense/expense-world';

async function world() {
  const world = await expenseWorld();
  const sweep = world.container.get(SweepFileRemovals);
  const removals = world.container.get<InMemoryFileRemovals>(FILE_REMOVAL_TOKENS.FileRemovalQueue);
  const later = (ms: number) => (world.clock.instant = new Date(world.clock.instant.getTime() + ms));
  return { ...world, sweep: () => sweep.execute(), removals, later };
}

/** Resolves once `done` holds, checking at every turn of the event loop. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe('files nothing references, removed by the sweep', () => {
  it('removes the upload of a write whose process died before its commit, once the grace period is over', async () => {
    const { container, receipts, later, sweep, removals } = await world();
    // The write never ends, as in a process killed between the upload and the commit: nothing runs after it.
    void container.get(ReceiptFiles).storedFor('organisation-1', new InMemoryFile(RECEIPT_FILES.pdf.bytes), () => new Promise(() => undefined));
    await until(() => receipts.keys().length === 1);

    await sweep();
    expect(receipts.keys()).toHaveLength(1); // its write may still commit
    later(UPLOAD_GRACE_MS);
    await expect(sweep()).resolves.toEqual({ more: false, failed: false });
    expect(receipts.keys()).toEqual([]);
    expect(removals.keys()).toEqual([]);
  });

  it('leaves the upload of a committed write where it is', async () => {
    const { container, member, org, receipts, later, sweep, removals } = await world();
    await expensesIn(container).create.execute(member.actor, org, aNewExpense({ receipt: new InMemoryFile(RECEIPT_FILES.pdf.bytes) }));
    later(UPLOAD_GRACE_MS);
    await sweep();
    expect(receipts.keys()).toHaveLength(1);
    expect(removals.keys()).toEqual([]);
  });

  it('removes the receipt of an expense deleted while the storage failed, trying again with back-off until it answers', async () => {
    const { container, member, org, receipts, later, sweep, removals } = await world();
    const created = await expensesIn(container).create.execute(member.actor, org, aNewExpense({ receipt: new InMemoryFile(RECEIPT_FILES.pdf.bytes) }));
    const remove = jest.spyOn(receipts, 'remove').mockRejectedValue(new Error('The file storage did not answer.'));

    await expensesIn(container).delete.execute(member.actor, org, created.expense.uniqueId);
    expect(receipts.keys()).toHaveLength(1);
    await expect(sweep()).resolves.toEqual({ more: false, failed: true });
    await sweep(); // not due again yet
    expect(remove).toHaveBeenCalledTimes(2); // after the commit, then by the first sweep

    remove.mockRestore();
    await sweep();
    expect(receipts.keys()).toHaveLength(1);
    later(1000);
    await sweep();
    expect(receipts.keys()).toEqual([]);
    expect(removals.keys()).toEqual([]);
  });
});
