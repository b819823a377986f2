import { Expense } from '../../../domain/expense/expense';
import { ExpenseStatus } from '../../../domain/expense/expense-status';
import { aDraftIn, OpenStorage, OrganisationFixture, sqlTargets } from './storage-targets';

/** A promise with its resolve function, to hold a transaction open at a chosen point. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * What makes two concurrent approvals end with one approval and a 409: a writer
 * that loads an expense `forUpdate` holds it until its transaction ends, so a
 * second writer reads it only afterwards, with the first one's change.
 */
describe.each(sqlTargets())('the expense row lock on $name', (target) => {
  let storage: OpenStorage;
  let org: OrganisationFixture;

  beforeAll(async () => {
    storage = await target.open();
    org = await storage.newOrganisation();
  });

  afterAll(() => storage.close());

  /**
   * Whether a session waits for a row of this test's expenses table: Postgres gives
   * a waiter the row's tuple lock while it queues. SQLite never overlaps transactions.
   */
  const someoneWaitsForTheRow = async (): Promise<boolean> => {
    if (storage.db!.dialect !== 'postgres') return true;
    const rows: { waiting: string | number }[] = await storage.db!.dataSource.query(
      `SELECT COUNT(*) AS waiting FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
       WHERE l.locktype = 'tuple' AND c.relname = 'expenses' AND c.relnamespace = current_schema()::regnamespace`,
    );
    return Number(rows[0].waiting) > 0;
  };

  it('makes a second writer wait for the first to commit, then see its change', async () => {
    const expense = aDraftIn(org);
    expense.submit(new Date());
    await storage.expenses.save(expense);
    const load = () => storage.expenses.findByUniqueId(org.organisationId, expense.uniqueId, { forUpdate: true });

    const locked = gate();
    const release = gate();
    const first = storage.unitOfWork.transaction(async () => {
      const mine = (await load())!;
      locked.open();
      await release.opened;
      mine.approve(org.ownerId, new Date());
      await storage.expenses.save(mine);
    });
    await locked.opened;

    let secondRead: ExpenseStatus | null = null;
    const second = storage.unitOfWork.transaction(async () => {
      const theirs: Expense | null = await load();
      secondRead = theirs!.status;
    });
    // Without the lock, the second writer would read "submitted" now, before the first commits.
    while (secondRead === null && !(await someoneWaitsForTheRow())) await new Promise((resolve) => setImmediate(resolve));
    expect(secondRead).toBeNull();

    release.open();
    await first;
    await second;
    expect(secondRead).toBe('approved');
  });
});
