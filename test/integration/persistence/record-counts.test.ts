import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/database';
import { signUp, TestUser } from '../../support/accounts';
import { testDatabases, TestDatabase } from '../../support/databases';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * An unfiltered list's X-Total-Count comes from `record_counts`, kept by
 * triggers: it must always be the organisation's true number of rows, after
 * creates (concurrent ones too) and deletes, per organisation, on both engines.
 */
describe.each(testDatabases())('organisation totals kept by triggers on $name', (factory) => {
  let database: TestDatabase;
  let app: TestApp;
  let db: TypeOrmDatabase;
  let owner: TestUser;
  let other: TestUser;

  const base = (user: TestUser) => `/api/v1.0/organisation/${user.organisationUniqueId}`;
  const total = async (user: TestUser, resource: string, query = '') => {
    const response = await user.api.get(`${base(user)}/${resource}/?page_size=1${query}`);
    expect(response.status).toBe(200);
    return Number(response.headers.get('x-total-count'));
  };
  const counted = async (user: TestUser, table: string) => {
    const [[row]] = await db.select([
      db.sql(`SELECT COUNT(*) AS n FROM ${table} t JOIN organisations o ON o.id = t.organisation_id WHERE o.unique_id = :org`, {
        org: user.organisationUniqueId,
      }),
    ]);
    return Number(row.n);
  };

  const bodies: Record<string, (n: number) => Record<string, unknown>> = {
    vendors: (n) => ({ name: `Vendor ${n}` }),
    clients: (n) => ({ name: `Client ${n}` }),
    leads: (n) => ({ title: `Lead ${n}`, lead_source: 'referral', sales_stage: 'stage-qualified' }),
    expenses: (n) => ({ title: `Expense ${n}`, expense_number: `E-${n}`, account_id: 'acct-5000', expense_date: '2026-01-15', amount: '1.00' }),
  };

  beforeAll(async () => {
    database = await factory.create();
    app = await startTestApp(database);
    db = app.application.container.get(TypeOrmDatabase);
    owner = await signUp(app.client);
    other = await signUp(app.client);
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it.each(Object.keys(bodies))('%s: the total follows creates, concurrent ones included, updates and deletes', async (resource) => {
    expect(await total(owner, resource)).toBe(await counted(owner, resource));
    const created = await Promise.all(Array.from({ length: 12 }, (_, n) => owner.api.post(`${base(owner)}/${resource}/create/`, bodies[resource](n))));
    expect(created.map((response) => response.status)).toEqual(Array(12).fill(201));
    await other.api.post(`${base(other)}/${resource}/create/`, bodies[resource](99));

    // An update writes the row in place (INSERT … ON CONFLICT DO UPDATE): it must not count as a new one.
    for (const edited of created.slice(5, 8)) {
      expect((await owner.api.patch(`${base(owner)}/${resource}/${edited.body.unique_id}/update/`, { description: 'edited' })).status).toBe(200);
    }
    for (const doomed of created.slice(0, 5)) {
      expect((await owner.api.request('DELETE', `${base(owner)}/${resource}/${doomed.body.unique_id}/delete/`)).status).toBeLessThan(300);
    }

    expect(await total(owner, resource)).toBe(await counted(owner, resource));
    expect(await total(other, resource)).toBe(await counted(other, resource));
    expect(await counted(owner, resource)).toBeGreaterThanOrEqual(7);
  });

  it('answers the unfiltered total from the kept count, without counting rows', async () => {
    const real = await counted(owner, 'vendors');
    const org = db.sql('SELECT id FROM organisations WHERE unique_id = :org', { org: owner.organisationUniqueId });
    const [[{ id }]] = await db.select([org]);
    // Postgres keeps the total in several rows, one per connection that added to it: they are replaced by one.
    const setCount = (value: number) =>
      db.transaction(async () => {
        await db.execute(db.sql("DELETE FROM record_counts WHERE organisation_id = :id AND table_name = 'vendors'", { id }));
        await db.execute(db.sql("INSERT INTO record_counts (organisation_id, table_name, count) VALUES (:id, 'vendors', :value)", { value, id }));
      });
    await setCount(real + 1000);
    try {
      expect(await total(owner, 'vendors')).toBe(real + 1000);
    } finally {
      await setCount(real);
    }
  });

  it('counts a filtered list itself', async () => {
    await owner.api.post(`${base(owner)}/vendors/create/`, { name: 'Acme Filtered', vendor_status: 'blacklisted' });
    expect(await total(owner, 'vendors', '&status=blacklisted')).toBe(1);
  });
});
