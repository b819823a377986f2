import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { testDatabases, TestDatabase } from '../../support/databases';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * `walksIndexInOrder` tells a list whether a page can be read by walking an
 * index in the list's order and stopping at its LIMIT (SQLite's search plan
 * for dense matches, organisation-records.ts). It reads the engine's plan: an
 * order an index serves walks it; an order none serves sorts first.
 */
describe.each(testDatabases())('query plans on $name', (factory) => {
  let database: TestDatabase;
  let app: TestApp;
  let db: TypeOrmDatabase;

  beforeAll(async () => {
    database = await factory.create();
    app = await startTestApp(database);
    db = app.application.container.get(TypeOrmDatabase);
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const page = (order: string) =>
    db.sql(`SELECT r.id FROM vendors r WHERE r.organisation_id = :organisationId ORDER BY ${order} LIMIT 25`, { organisationId: 'none' });

  it('tells an order an index walks from one that needs a sort (SQLite), and is never asked of Postgres', async () => {
    const walks = await db.walksIndexInOrder(page('r.name_key, r.id'));
    const sorts = await db.walksIndexInOrder(page('r.description, r.id'));
    if (db.dialect === 'sqlite') expect([walks, sorts]).toEqual([true, false]);
    else expect([walks, sorts]).toEqual([false, false]);
  });

  it('asks the planner once per text, whatever the values', async () => {
    const read = jest.spyOn(db, 'read');
    try {
      const query = db.sql(`SELECT r.id FROM vendors r WHERE r.organisation_id = :organisationId ORDER BY r.date_created, r.id LIMIT 25`, { organisationId: 'a' });
      const again = db.sql(`SELECT r.id FROM vendors r WHERE r.organisation_id = :organisationId ORDER BY r.date_created, r.id LIMIT 25`, { organisationId: 'b' });
      const answers = [await db.walksIndexInOrder(query), await db.walksIndexInOrder(again)];
      expect(answers[1]).toBe(answers[0]);
      expect(read).toHaveBeenCalledTimes(db.dialect === 'sqlite' ? 1 : 0);
    } finally {
      read.mockRestore();
    }
  });
});
