import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
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

  describe("a filtered list's count, remembered against the table's revision", () => {
    const organisationId = async (user: TestUser) => {
      const [[{ id }]] = await db.select([db.sql('SELECT id FROM organisations WHERE unique_id = :org', { org: user.organisationUniqueId })]);
      return id as string;
    };
    const revision = async (user: TestUser) => {
      const [[row]] = await db.select([
        db.sql("SELECT COALESCE(SUM(changes), 0) AS n FROM record_counts WHERE organisation_id = :id AND table_name = 'vendors'", {
          id: await organisationId(user),
        }),
      ]);
      return Number(row.n);
    };
    /** Another writer: the statement goes to the database past the service's repositories, as another process's would. */
    const renameBehindTheService = async (uniqueId: string, name: string) =>
      db.execute(
        db.sql('UPDATE vendors SET name = :name, name_key = :key WHERE unique_id = :uniqueId AND organisation_id = :id', {
          name,
          key: name.toLowerCase(),
          uniqueId,
          id: await organisationId(owner),
        }),
      );

    it('rises with every insert, update and delete of the organisation, and only of it', async () => {
      const before = await revision(owner);
      const theirs = await revision(other);
      const created = await owner.api.post(`${base(owner)}/vendors/create/`, { name: 'Revision Co' });
      expect(await revision(owner)).toBe(before + 1);
      await owner.api.patch(`${base(owner)}/vendors/${created.body.unique_id}/update/`, { description: 'changed' });
      expect(await revision(owner)).toBe(before + 2);
      await owner.api.request('DELETE', `${base(owner)}/vendors/${created.body.unique_id}/delete/`);
      expect(await revision(owner)).toBe(before + 3);
      expect(await revision(other)).toBe(theirs);
    });

    it('counts again after a write by another process, whatever it changed', async () => {
      for (const n of [1, 2, 3]) await owner.api.post(`${base(owner)}/vendors/create/`, { unique_id: `kiwi-${n}`, name: `Kiwi Traders ${n}` });
      expect(await total(owner, 'vendors', '&search=kiwi')).toBe(3);
      expect(await total(owner, 'vendors', '&search=kiwi')).toBe(3);

      await renameBehindTheService('kiwi-2', 'Mango Traders 2');
      expect(await total(owner, 'vendors', '&search=kiwi')).toBe(2);
      expect(await total(owner, 'vendors', '&search=mango')).toBe(1);
      await renameBehindTheService('kiwi-2', 'Kiwi Traders 2');
      expect(await total(owner, 'vendors', '&search=kiwi')).toBe(3);
      expect(await total(owner, 'vendors', '&search=mango')).toBe(0);
    });

    it('answers a count from memory while the revision stays the same', async () => {
      for (const n of [1, 2]) await owner.api.post(`${base(owner)}/vendors/create/`, { unique_id: `pear-${n}`, name: `Pear Growers ${n}` });
      expect(await total(owner, 'vendors', '&search=pear')).toBe(2);
      // A change the triggers did not see (the revision put back by hand): the remembered count still answers.
      const unchanged = await revision(owner);
      await renameBehindTheService('pear-2', 'Plum Growers 2');
      const id = await organisationId(owner);
      await db.transaction(async () => {
        await db.execute(db.sql("DELETE FROM record_counts WHERE organisation_id = :id AND table_name = 'vendors'", { id }));
        await db.execute(
          db.sql("INSERT INTO record_counts (organisation_id, table_name, count, changes) VALUES (:id, 'vendors', :count, :changes)", {
            id,
            count: await counted(owner, 'vendors'),
            changes: unchanged,
          }),
        );
      });
      expect(await total(owner, 'vendors', '&search=pear')).toBe(2);
      // The next write counts again.
      await owner.api.post(`${base(owner)}/vendors/create/`, { name: 'Unrelated Co' });
      expect(await total(owner, 'vendors', '&search=pear')).toBe(1);
    });
  });
});
