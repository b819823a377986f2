import { TypeOrmDatabase } from '../../adapters/persistence/typeorm/engine/database';
import { createDataSource, dialectOf } from '../../adapters/persistence/typeorm/data-source';
import { Foundation1763700000000 } from '../../adapters/persistence/typeorm/migrations/1763700000000-foundation';
import { Pictures1763700000980 } from '../../adapters/persistence/typeorm/migrations/1763700000980-pictures';
import { OrganisationClosing1763700001110 } from '../../adapters/persistence/typeorm/migrations/1763700001110-organisation-closing';
import { PersonErasure1763700001115 } from '../../adapters/persistence/typeorm/migrations/1763700001115-person-erasure';
import { TestDatabase } from './databases';

/** A test database with every migration applied, as `bootstrap` opens it, for repository suites. */
export async function openMigratedDatabase(database: TestDatabase): Promise<{ db: TypeOrmDatabase; close(): Promise<void> }> {
  const dataSource = createDataSource({ url: database.url, dataDir: database.dataDir, schema: database.schema });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  const db = new TypeOrmDatabase(dataSource, dialectOf(database.url));
  return { db, close: () => db.close() };
}

/**
 * The migrations of a database "before" a later migration, for tests that seed
 * it through today's repositories: the foundation's tables, plus the columns
 * those repositories write that came later (pictures, an organisation's closing, a person's erasure). A later migration that
 * runs afterwards (TypeORM applies whatever has not run yet) sees them as data.
 */
export const FOUNDATION_FOR_TODAYS_REPOSITORIES = [Foundation1763700000000, Pictures1763700000980, OrganisationClosing1763700001110, PersonErasure1763700001115];
