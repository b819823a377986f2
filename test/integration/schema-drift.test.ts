import { DataSource } from 'typeorm';
import { testDatabases } from '../support/databases';
import { openMigratedDatabase } from '../support/migrated-database';

/**
 * The entity schemas and the migrations describe the same database: once every
 * migration has run, TypeORM's schema builder has nothing left to change (no
 * column, index, unique constraint or foreign key it would add, alter or drop).
 * A new column, index or key needs both its migration and its schema entry.
 */
describe.each(testDatabases())('the schema after all migrations on $name', (factory) => {
  it('is what the entity schemas declare', async () => {
    const target = await factory.create();
    const { db, close } = await openMigratedDatabase(target);
    try {
      expect(await pendingSchemaChanges(db.dataSource)).toEqual([]);
    } finally {
      await close();
      await target.dispose();
    }
  });
});

/** The statements `synchronize` would run to make the database match the entity schemas. */
async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  // TypeORM compares SQLite's PRAGMA flags (notnull, unique) with plain
  // numbers; with the app's safe integers on they arrive as BigInt, and every
  // column would read as NOT NULL and every unique index as not unique. The
  // builder only reads, so the connection answers plain numbers meanwhile.
  const sqlite = sqliteConnection(dataSource);
  sqlite?.defaultSafeIntegers(false);
  try {
    const { upQueries } = await dataSource.driver.createSchemaBuilder().log();
    return upQueries.map((query) => query.query);
  } finally {
    sqlite?.defaultSafeIntegers(true);
  }
}

interface BetterSqlite3Connection {
  defaultSafeIntegers(on: boolean): unknown;
}

function sqliteConnection(dataSource: DataSource): BetterSqlite3Connection | undefined {
  if (dataSource.options.type !== 'better-sqlite3') return undefined;
  return (dataSource.driver as unknown as { databaseConnection: BetterSqlite3Connection }).databaseConnection;
}
