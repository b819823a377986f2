import { PurgeClosedOrganisations } from '../../application/organisation/purge-closed-organisations.use-case';
import { signUp } from '../support/accounts';
import { TestDatabase, testDatabases } from '../support/databases';
import { FixedClock } from '../support/fixed-clock';
import { oneOfEach, organisationPath } from '../support/organisation-records';
import { startTestApp, TestApp } from '../support/test-app';

/** The background deletion of closed organisations, driven by hand (the worker is off): cut short, it finishes on the next run. */
describe.each(testDatabases())('deleting closed organisations, on $name', (factory) => {
  let database: TestDatabase;
  const clock = new FixedClock(new Date());
  const withoutWorker = { clock, env: { WEBHOOK_DELIVERY: 'false' } };

  beforeAll(async () => {
    database = await factory.create();
  });

  afterAll(() => database.dispose());

  const count = async (app: TestApp, table: string, organisationId: string) => {
    const column = table === 'organisations' ? 'id' : 'organisation_id';
    return Number((await app.application.dataSource.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = '${organisationId}'`))[0].n);
  };
  const drain = async (purge: PurgeClosedOrganisations) => {
    let batches = 0;
    while ((await purge.execute()).more) batches += 1;
    return batches;
  };

  it('goes on from where a stopped process left it, two runs at once finish it between them, and open ones are left alone', async () => {
    let app = await startTestApp(database, withoutWorker);
    const owners = [await signUp(app.client), await signUp(app.client), await signUp(app.client)];
    for (const owner of owners) await oneOfEach(owner.api, owner.organisationUniqueId);
    const ids: string[] = [];
    for (const owner of owners) {
      ids.push(String((await app.application.dataSource.query(`SELECT id FROM organisations WHERE unique_id = '${owner.organisationUniqueId}'`))[0].id));
    }
    const [first, second, open] = owners;
    for (const owner of [first, second]) {
      expect((await owner.api.delete(`${organisationPath(owner.organisationUniqueId)}/`, { json: { current_password: owner.password } })).status).toBe(202);
    }
    const purge = () => app.application.container.get(PurgeClosedOrganisations);
    // Not yet due: nothing goes.
    expect(await purge().execute()).toEqual({ more: false });

    clock.advance({ days: 30, seconds: 1 });
    for (let batch = 0; batch < 3; batch += 1) expect(await purge().execute()).toEqual({ more: true });
    // Stopped midway: some of the first organisation's tables are empty, both organisations are still there.
    const closed = [ids[0], ids[1]];
    expect((await count(app, 'organisations', ids[0])) + (await count(app, 'organisations', ids[1]))).toBe(2);
    const left = async () => {
      let rows = 0;
      for (const id of closed) for (const table of ['memberships', 'vendors', 'accounts', 'history']) rows += await count(app, table, id);
      return rows;
    };
    const leftWhenStopped = await left();
    expect(leftWhenStopped).toBeGreaterThan(0);
    await app.close();

    // Another process starts: two runs at once finish the work between them.
    app = await startTestApp(database, withoutWorker);
    const [a, b] = await Promise.all([drain(purge()), drain(purge())]);
    expect(a + b).toBeGreaterThan(0);
    for (const id of closed) {
      for (const table of ['organisations', 'memberships', 'expenses', 'vendors', 'contacts', 'contact_groups', 'sales_stages', 'accounts', 'history', 'record_counts']) {
        expect([table, await count(app, table, id)]).toEqual([table, 0]);
      }
    }
    expect(await purge().execute()).toEqual({ more: false });
    // The open organisation is whole, and its owner reaches it.
    expect(await count(app, 'organisations', ids[2])).toBe(1);
    expect(await count(app, 'accounts', ids[2])).toBeGreaterThan(0);
    expect((await app.client.basic(open.email, open.password).get(`${organisationPath(open.organisationUniqueId)}/vendors/`)).status).toBe(200);
    await app.close();
  });
});
