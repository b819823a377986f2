import { anExpense, expensePaths } from '../../support/expenses';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { VENDOR_TOKENS, VendorRepository } from '../../../application/supplier/vendor.kind';
import { signUp, TestUser } from '../../support/accounts';
import { testDatabases, TestDatabase } from '../../support/databases';
import { startTestApp, TestApp } from '../../support/test-app';
import { watchSentTexts } from '../../support/postgres-texts';

/**
 * A saved record and its history entry commit together or not at all; on
 * Postgres they travel in one statement (the entry as a data-modifying
 * `WITH`), one round trip fewer for every create, update and action.
 */
describe.each(testDatabases())('a record and its history entry on $name', (factory) => {
  let database: TestDatabase;
  let app: TestApp;
  let db: TypeOrmDatabase;
  let owner: TestUser;
  const base = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;

  const entries = async (uniqueId: string) => {
    const [rows] = await db.select([db.sql('SELECT action, changes FROM history WHERE record_unique_id = :uniqueId ORDER BY id', { uniqueId })]);
    return rows.map((row) => ({ action: row.action, changes: JSON.parse(String(row.changes)) as Record<string, unknown> }));
  };

  beforeAll(async () => {
    database = await factory.create();
    app = await startTestApp(database);
    db = app.application.container.get(TypeOrmDatabase);
    owner = await signUp(app.client);
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('writes the entry of a create and of an update with the row, and none for a write that failed', async () => {
    expect((await owner.api.post(`${base()}/vendors/create/`, { unique_id: 'alongside', name: 'Alongside Ltd' })).status).toBe(201);
    expect((await owner.api.patch(`${base()}/vendors/alongside/update/`, { name: 'Alongside Group' })).status).toBe(200);
    // The same unique_id again: the row's constraint refuses it, and its entry goes with it.
    expect((await owner.api.post(`${base()}/vendors/create/`, { unique_id: 'alongside', name: 'Duplicate' })).status).toBe(400);

    const written = await entries('alongside');
    expect(written.map((entry) => entry.action)).toEqual(['created', 'updated']);
    expect(written[0].changes.name).toEqual([null, 'Alongside Ltd']);
    expect(written[1].changes).toEqual({ name: ['Alongside Ltd', 'Alongside Group'] });
    const [[vendor]] = await db.select([db.sql("SELECT name FROM vendors WHERE unique_id = 'alongside'")]);
    expect(vendor.name).toBe('Alongside Group');
  });

  it('records a record read from a list and saved as updated, with what changed since it was stored', async () => {
    expect((await owner.api.post(`${base()}/vendors/create/`, { unique_id: 'listed', name: 'Listed Ltd', description: 'first' })).status).toBe(201);
    const vendors = app.application.container.get<VendorRepository>(VENDOR_TOKENS.VendorRepository);
    const [[organisation]] = await db.select([db.sql('SELECT id FROM organisations WHERE unique_id = :uniqueId', { uniqueId: owner.organisationUniqueId })]);
    const page = await vendors.list(String(organisation.id), {
      filters: { search: 'Listed' },
      ordering: { field: 'name', descending: false },
      page: { page: 1, pageSize: 10 },
    });
    const [vendor] = page.items;
    expect(vendor.uniqueId).toBe('listed');
    // Changed by another request after the list was read: the entry of this save has the stored description as before.
    expect((await owner.api.patch(`${base()}/vendors/listed/update/`, { description: 'second' })).status).toBe(200);
    vendor.update({ name: 'Listed Group' }, new Date());
    await vendors.save(vendor);

    const written = await entries('listed');
    expect(written.map((entry) => entry.action)).toEqual(['created', 'updated', 'updated']);
    expect(written[2].changes).toEqual({ name: ['Listed Ltd', 'Listed Group'], description: ['second', 'first'] });
  });

  it('sends the row and its entry in one statement on Postgres', async () => {
    if (db.dialect !== 'postgres') return;
    const sent = watchSentTexts();
    try {
      expect((await owner.api.post(`${base()}/vendors/create/`, { unique_id: 'one-trip', name: 'One Trip' })).status).toBe(201);
      const texts = sent.texts();
      const writes = texts.filter((text) => /INSERT INTO "?(vendors|history)"?/.test(text));
      expect(writes).toHaveLength(1);
      expect(writes[0]).toMatch(/^WITH alongside AS \(INSERT INTO history .*\) INSERT INTO "vendors"/s);
    } finally {
      sent.restore();
    }
    expect((await entries('one-trip')).map((entry) => entry.action)).toEqual(['created']);
  });

  it("sends an expense create's whole transaction in one round trip on Postgres: its references are looked up before it", async () => {
    if (db.dialect !== 'postgres') return;
    const sent = watchSentTexts();
    try {
      const created = await owner.api.post(expensePaths(owner.organisationUniqueId).create, anExpense({ unique_id: 'one-trip-expense' }));
      expect(created.status).toBe(201);
      const submissions = sent.submissions();
      const writing = submissions.findIndex((texts) => texts.some((text) => /INSERT INTO "expenses"/.test(text)));
      expect(writing).toBeGreaterThanOrEqual(0);
      // Its only statement (the row with its history entry): one implicit transaction, without START or COMMIT.
      expect(submissions[writing]).toHaveLength(1);
      expect(submissions.flat()).not.toContain('START TRANSACTION');
      // Nothing of the create after it.
      expect(submissions.slice(writing + 1).flat().some((text) => /expenses|accounts/.test(text))).toBe(false);
    } finally {
      sent.restore();
    }
    expect((await entries('one-trip-expense')).map((entry) => entry.action)).toEqual(['created']);
  });
});
