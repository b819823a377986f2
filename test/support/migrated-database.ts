import { TypeOrmDatabase } from '../../adapters/persistence/typeorm/database';
import { createDataSource, dialectOf } from '../../adapters/persistence/typeorm/data-source';
import { TestDatabase } from './databases';

/** A test database with every migration applied, as `bootstrap` opens it, for repository suites. */
export async function openMigratedDatabase(database: TestDatabase): Promise<{ db: TypeOrmDatabase; close(): Promise<void> }> {
  const dataSource = createDataSource({ url: database.url, dataDir: database.dataDir, schema: database.schema });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  const db = new TypeOrmDatabase(dataSource, dialectOf(database.url));
  return { db, close: () => db.close() };
}
