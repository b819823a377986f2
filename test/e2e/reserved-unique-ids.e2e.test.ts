import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { anExpense } from '../support/expenses';
import { startTestApp, TestApp } from '../support/test-app';

/** A record named after a word of the paths (`create`) would shadow a route and could never be read: refused. */
describe.each(testDatabases())('reserved unique_ids on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  const org = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client);
    await owner.api.post(`${org()}/contact-groups/create/`, { name: 'Suppliers', unique_id: 'suppliers' });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const creates = (): [string, string, Record<string, unknown>][] => [
    ['vendor', `${org()}/vendors/create/`, { name: 'Paper Co' }],
    ['expense', `${org()}/expenses/create/`, anExpense()],
    ['lead', `${org()}/leads/create/`, { title: 'Fit-out', lead_source: 'referral', sales_stage: 'stage-new' }],
    ['contact group', `${org()}/contact-groups/create/`, { name: 'Another' }],
    ['contact', `${org()}/contact-groups/suppliers/contacts/create/`, { first_name: 'Ann' }],
    ['webhook', `${org()}/webhooks/create/`, { url: 'https://hooks.example.com/in', events: ['vendor.created'] }],
  ];

  it.each(['create', 'Create', 'UPDATE', 'delete', 'history'])('refuses %s as any record’s unique_id, and accepts a name that merely contains it', async (word) => {
    for (const [what, path, body] of creates()) {
      const refused = await owner.api.post(path, { ...body, unique_id: word });
      expect([what, refused.status, refused.body]).toEqual([what, 400, { unique_id: [`"${word}" is reserved: it is a word of the API's paths.`] }]);
    }
    const named = await owner.api.post(`${org()}/vendors/create/`, { name: 'Creator', unique_id: `${word}-2` });
    expect(named.status).toBe(201);
    expect((await owner.api.get(`${org()}/vendors/${word}-2/`)).status).toBe(200);
  });
});
