import { Notifications1763700001095 } from '../../../adapters/persistence/typeorm/migrations/1763700001095-notifications';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

const tablesOf = async (query: (sql: string) => Promise<{ name: string }[]>, postgres: boolean) =>
  (
    await query(
      postgres
        ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'notification%'"
        : "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'notification%'",
    )
  )
    .map((row) => row.name)
    .sort();

describe.each(testDatabases())('the notifications migration on $name', (factory) => {
  it('goes down (its two tables gone) and up again', async () => {
    const target = await factory.create();
    const { db, close } = await openMigratedDatabase(target);
    const runner = db.dataSource.createQueryRunner();
    try {
      const query = (sql: string) => runner.query(sql) as Promise<{ name: string }[]>;
      const postgres = factory.name === 'postgres';
      expect(await tablesOf(query, postgres)).toEqual(['notification_deliveries', 'notification_preferences']);
      await new Notifications1763700001095().down(runner);
      expect(await tablesOf(query, postgres)).toEqual([]);
      await new Notifications1763700001095().up(runner);
      expect(await tablesOf(query, postgres)).toEqual(['notification_deliveries', 'notification_preferences']);
    } finally {
      await runner.release();
      await close();
      await target.dispose();
    }
  });
});
