import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { expensePaths } from '../support/expenses';
import { detailPaths, oneOfEach, OrganisationRecords } from '../support/organisation-records';
import { startTestApp, TestApp } from '../support/test-app';

const STALE = { detail: 'Precondition failed: the record has changed.', code: 'precondition_failed' };

/** A record that can be changed: where it is read, where it is patched, and a change that differs each time. */
interface Updatable {
  name: string;
  detail: string;
  update: string;
  change(n: number): Record<string, unknown>;
}

describe.each(testDatabases())('ETags and conditional requests on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let records: OrganisationRecords;
  let updatables: Updatable[];

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client);
    records = await oneOfEach(owner.api, owner.organisationUniqueId);
    const paths = detailPaths(owner.organisationUniqueId, records);
    const withActions = (name: keyof OrganisationRecords, change: Updatable['change']): Updatable => ({
      name,
      detail: paths[name],
      update: `${paths[name]}update/`,
      change,
    });
    const org = `/api/v1.0/organisation/${owner.organisationUniqueId}/`;
    updatables = [
      withActions('account', (n) => ({ name: `Account v${n}` })),
      withActions('expense', (n) => ({ title: `Taxi v${n}` })),
      withActions('salesStage', (n) => ({ name: `Stage v${n}` })),
      withActions('client', (n) => ({ name: `Client v${n}` })),
      withActions('lead', (n) => ({ title: `Lead v${n}` })),
      withActions('vendor', (n) => ({ name: `Vendor v${n}` })),
      { name: 'contactGroup', detail: paths.contactGroup, update: paths.contactGroup, change: (n) => ({ name: `Group v${n}` }) },
      { name: 'contact', detail: paths.contact, update: paths.contact, change: (n) => ({ first_name: `Contact v${n}` }) },
      { name: 'profile', detail: '/api/v1.0/me/', update: '/api/v1.0/me/', change: (n) => ({ job_title: `Title v${n}` }) },
      { name: 'organisation', detail: org, update: `${org}update/`, change: (n) => ({ name: `Organisation v${n}` }) },
    ];
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  let version = 0;

  it('gives every record an ETag that a GET with If-None-Match turns into a 304, until the record changes', async () => {
    for (const record of updatables) {
      const read = await owner.api.get(record.detail);
      const etag = read.headers.get('ETag');
      expect([record.name, etag]).toEqual([record.name, expect.stringMatching(/^"[A-Za-z0-9_-]{43}"$/)]);

      const unchanged = await owner.api.get(record.detail, { headers: { 'If-None-Match': etag! } });
      expect([record.name, unchanged.status, unchanged.text]).toEqual([record.name, 304, '']);

      version += 1;
      const changed = await owner.api.patch(record.update, record.change(version));
      expect([record.name, changed.status]).toEqual([record.name, 200]);
      const newer = changed.headers.get('ETag');
      expect(newer).not.toBe(etag);
      const reread = await owner.api.get(record.detail, { headers: { 'If-None-Match': etag! } });
      expect([record.name, reread.status]).toEqual([record.name, 200]);
      expect(reread.headers.get('ETag')).not.toBe(etag);
      // The organisation's update answers its owner view, its detail the basic view: each has its own ETag.
      if (record.name !== 'organisation') expect(reread.headers.get('ETag')).toBe(newer);
    }
  });

  it('refuses a change based on a stale ETag with 412, and changes nothing', async () => {
    for (const record of updatables) {
      const stale = (await owner.api.get(record.detail)).headers.get('ETag')!;
      version += 1;
      expect((await owner.api.patch(record.update, record.change(version))).status).toBe(200);
      const current = await owner.api.get(record.detail);

      version += 1;
      const refused = await owner.api.patch(record.update, record.change(version), { headers: { 'If-Match': stale } });
      expect([record.name, refused.status, refused.body]).toEqual([record.name, 412, STALE]);
      expect((await owner.api.get(record.detail)).body).toEqual(current.body);

      const accepted = await owner.api.patch(record.update, record.change(version), { headers: { 'If-Match': current.headers.get('ETag')! } });
      expect([record.name, accepted.status]).toEqual([record.name, 200]);
    }
  });

  it('lets exactly one of twenty concurrent changes based on the same ETag through', async () => {
    for (const record of updatables) {
      const etag = (await owner.api.get(record.detail)).headers.get('ETag')!;
      const changes = await Promise.all(
        Array.from({ length: 20 }, () => {
          version += 1;
          return owner.api.patch(record.update, record.change(version), { headers: { 'If-Match': etag } });
        }),
      );
      const statuses = changes.map((change) => change.status).sort();
      expect([record.name, statuses]).toEqual([record.name, [200, ...Array(19).fill(412)]]);
    }
  });

  it('refuses a stale delete and a stale expense action with 412, and keeps the record as it was', async () => {
    const paths = detailPaths(owner.organisationUniqueId, records);
    const stale = (await owner.api.get(paths.vendor)).headers.get('ETag')!;
    version += 1;
    await owner.api.patch(`${paths.vendor}update/`, { name: `Vendor v${version}` });
    expect((await owner.api.delete(`${paths.vendor}delete/`, { headers: { 'If-Match': stale } })).status).toBe(412);
    expect((await owner.api.get(paths.vendor)).status).toBe(200);

    const expenses = expensePaths(owner.organisationUniqueId);
    const staleExpense = (await owner.api.get(paths.expense)).headers.get('ETag')!;
    version += 1;
    await owner.api.patch(`${paths.expense}update/`, { title: `Taxi v${version}` });
    const action = await owner.api.post(expenses.action(records.expense, 'submit'), undefined, { headers: { 'If-Match': staleExpense } });
    expect([action.status, action.body]).toEqual([412, STALE]);
    expect((await owner.api.get(paths.expense)).body.status).toBe('draft');

    const fresh = (await owner.api.get(paths.expense)).headers.get('ETag')!;
    expect((await owner.api.post(expenses.action(records.expense, 'submit'), undefined, { headers: { 'If-Match': fresh } })).status).toBe(200);
  });

  it('goes ahead without If-Match, and with If-Match: *', async () => {
    const paths = detailPaths(owner.organisationUniqueId, records);
    expect((await owner.api.patch(`${paths.client}update/`, { name: 'No precondition' })).status).toBe(200);
    expect((await owner.api.patch(`${paths.client}update/`, { name: 'Any version' }, { headers: { 'If-Match': '*' } })).status).toBe(200);
  });
});
