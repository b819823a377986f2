import { GetExpenseReceipt } from '../../../../application/expense/get-expense-receipt.use-case';
import { InMemoryFile } from '../../../../application/shared/incoming-file';
import { Locked, NotFound } from '../../../../domain/shared/errors';
import { RECEIPT_FILES } from '../../../support/expenses';
import { aNewExpense, expenseWorld, expensesIn } from './expense-world';

async function withReceipt() {
  const world = await expenseWorld();
  const created = await expensesIn(world.container).create
    .execute(world.member.actor, world.org, aNewExpense({ receipt: new InMemoryFile(RECEIPT_FILES.jpeg.bytes) }));
  return { ...world, id: created.expense.uniqueId };
}

describe('DeleteExpense', () => {
  it('deletes a draft and its receipt file', async () => {
    const world = await withReceipt();
    await expensesIn(world.container).delete.execute(world.member.actor, world.org, world.id);
    await expect(expensesIn(world.container).get.execute(world.member.actor, world.org, world.id)).rejects.toThrow(NotFound);
    expect(world.receipts.keys()).toEqual([]);
  });

  it('refuses a submitted expense (409) and keeps its receipt', async () => {
    const world = await withReceipt();
    await expensesIn(world.container).act.execute(world.member.actor, world.org, world.id, { action: 'submit' });
    await expect(expensesIn(world.container).delete.execute(world.owner.actor, world.org, world.id)).rejects.toThrow(Locked);
    expect(world.receipts.keys()).toHaveLength(1);
  });

  it('answers 404 to a non-member', async () => {
    const world = await withReceipt();
    await expect(expensesIn(world.container).delete.execute(world.outsider.actor, world.org, world.id)).rejects.toThrow(NotFound);
  });
});

describe('GetExpenseReceipt', () => {
  it('hands a member the bytes, the detected type and a file name of its own making', async () => {
    const world = await withReceipt();
    const receipt = await world.container.get(GetExpenseReceipt).execute(world.owner.actor, world.org, world.id);
    const chunks: Uint8Array[] = [];
    for await (const chunk of receipt.content) chunks.push(chunk);
    expect(Buffer.concat(chunks)).toEqual(RECEIPT_FILES.jpeg.bytes);
    expect(receipt).toMatchObject({ contentType: 'image/jpeg', size: RECEIPT_FILES.jpeg.bytes.length, fileName: `receipt-${world.id}.jpg` });
  });

  it('answers 404 to a non-member and when there is no receipt', async () => {
    const world = await withReceipt();
    const get = world.container.get(GetExpenseReceipt);
    await expect(get.execute(world.outsider.actor, world.org, world.id)).rejects.toThrow(NotFound);
    const bare = await expensesIn(world.container).create.execute(world.member.actor, world.org, aNewExpense());
    await expect(get.execute(world.member.actor, world.org, bare.expense.uniqueId)).rejects.toThrow(NotFound);
  });
});
