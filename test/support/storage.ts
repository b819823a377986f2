import { TypeOrmDatabase } from '../../adapters/persistence/typeorm/engine/database';
import { createDataSource, dialectOf } from '../../adapters/persistence/typeorm/data-source';
import { testDatabases } from './databases';

/** A storage target for repository contract suites: memory, or a migrated test database. */
export interface StorageTarget {
  name: string;
  open(): Promise<{ database: TypeOrmDatabase | null; close(): Promise<void> }>;
}

export function storageTargets(): StorageTarget[] {
  const memory: StorageTarget = { name: 'in-memory', open: async () => ({ database: null, close: async () => undefined }) };
  const databases = testDatabases().map<StorageTarget>((factory) => ({
    name: factory.name,
    open: async () => {
      const target = await factory.create();
      const dataSource = createDataSource({ url: target.url, dataDir: target.dataDir, schema: target.schema });
      await dataSource.initialize();
      await dataSource.runMigrations({ transaction: 'each' });
      const database = new TypeOrmDatabase(dataSource, dialectOf(target.url));
      return {
        database,
        close: async () => {
          await database.close();
          await target.dispose();
        },
      };
    },
  }));
  return [memory, ...databases];
}
