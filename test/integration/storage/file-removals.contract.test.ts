import { InMemoryFileRemovals } from '../../../adapters/persistence/in-memory/in-memory-file-removals';
import { TypeOrmFileRemovals } from '../../../adapters/persistence/typeorm/typeorm-file-removals';
import { FileRemovalQueue } from '../../../application/shared/file-removals';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

interface Target {
  name: string;
  open(): Promise<{ queue: FileRemovalQueue; transaction<T>(work: () => Promise<T>): Promise<T>; close(): Promise<void> }>;
}

const targets: Target[] = [
  { name: 'in-memory', open: async () => ({ queue: new InMemoryFileRemovals(), transaction: (work) => work(), close: async () => undefined }) },
  ...testDatabases().map((factory) => ({
    name: factory.name,
    open: async () => {
      const database = await factory.create();
      const { db, close } = await openMigratedDatabase(database);
      return {
        queue: new TypeOrmFileRemovals(db),
        transaction: <T>(work: () => Promise<T>) => db.transaction(work),
        close: async () => {
          await close();
          await database.dispose();
        },
      };
    },
  })),
];

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, seconds));

describe.each(targets)('the file removals queue on $name', (target) => {
  let opened: Awaited<ReturnType<Target['open']>>;
  beforeEach(async () => (opened = await target.open()));
  afterEach(() => opened.close());

  it('answers what is due, the longest due first and at most the limit, each namespace apart', async () => {
    const { queue } = opened;
    await queue.add('receipts', 'org-1/b.pdf', at(20));
    await queue.add('receipts', 'org-1/a.pdf', at(10));
    await queue.add('pictures', 'org-1/a.pdf', at(15));
    await queue.add('receipts', 'org-1/later.pdf', at(40));
    await expect(queue.due(at(30), 10)).resolves.toEqual([
      { namespace: 'receipts', key: 'org-1/a.pdf', attempts: 0 },
      { namespace: 'pictures', key: 'org-1/a.pdf', attempts: 0 },
      { namespace: 'receipts', key: 'org-1/b.pdf', attempts: 0 },
    ]);
    await expect(queue.due(at(30), 1)).resolves.toHaveLength(1);
  });

  it('keeps the earlier time when a file is added again (an upload whose write failed is due at once)', async () => {
    const { queue } = opened;
    await queue.add('receipts', 'org-1/a.pdf', at(50));
    await queue.add('receipts', 'org-1/a.pdf', at(5));
    await queue.add('receipts', 'org-1/a.pdf', at(40));
    await expect(queue.due(at(5), 10)).resolves.toEqual([{ namespace: 'receipts', key: 'org-1/a.pdf', attempts: 0 }]);
  });

  it('forgets a file a write cancels in its transaction, and one removed', async () => {
    const { queue, transaction } = opened;
    await queue.add('receipts', 'org-1/kept.pdf', at(0));
    await queue.add('receipts', 'org-1/removed.pdf', at(0));
    await transaction(() => queue.cancel('receipts', 'org-1/kept.pdf'));
    await queue.done('receipts', 'org-1/removed.pdf');
    await expect(queue.due(at(60), 10)).resolves.toEqual([]);
  });

  it('postpones a failed removal and counts its attempts', async () => {
    const { queue } = opened;
    await queue.add('pictures', 'person-1/a.png', at(0));
    await queue.postpone('pictures', 'person-1/a.png', at(30));
    await expect(queue.due(at(29), 10)).resolves.toEqual([]);
    await queue.postpone('pictures', 'person-1/a.png', at(30));
    await expect(queue.due(at(30), 10)).resolves.toEqual([{ namespace: 'pictures', key: 'person-1/a.png', attempts: 2 }]);
  });
});
