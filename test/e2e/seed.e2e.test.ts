import { seedDemo } from '../../config/seeding/demo-seed';
import { testDatabases } from '../support/databases';
import { startTestApp } from '../support/test-app';

/** `npm run seed -- --demo`: an organisation to try the service with, filled through the API. */
describe.each(testDatabases().slice(0, 1))('the demo seed ($name)', (factory) => {
  it('makes an owner and an organisation with vendors, an expense in every status, a lead in every stage and contacts', async () => {
    const database = await factory.create();
    const steps: number[] = [];
    const account = await seedDemo(
      { DATA_DIR: database.dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'silent', PASSWORD_HASH_LOG2_N: '14' },
      { email: 'demo@example.com' },
      (done, total) => steps.push(done / total),
    );
    expect(account.password.length).toBeGreaterThanOrEqual(16);
    expect(steps.at(-1)).toBe(1);
    const app = await startTestApp(database);
    try {
      const api = app.client.basic(account.email, account.password);
      const org = `/api/v1.0/organisation/${account.organisation}`;
      expect((await api.get(`${org}/vendors/`)).headers.get('X-Total-Count')).toBe('8');
      const expenses = (await api.get(`${org}/expenses/`)).body as { status: string }[];
      expect(new Set(expenses.map((expense) => expense.status))).toEqual(new Set(['draft', 'submitted', 'approved', 'paid', 'rejected', 'reimbursed']));
      const leads = (await api.get(`${org}/leads/`)).body as { sales_stage: string }[];
      expect(new Set(leads.map((lead) => lead.sales_stage))).toEqual(
        new Set(['stage-new', 'stage-qualified', 'stage-proposal', 'stage-negotiation', 'stage-won', 'stage-lost']),
      );
      expect((await api.get(`${org}/contact-groups/key-people/contacts/`)).body).toHaveLength(3);
    } finally {
      await app.close();
      await database.dispose();
    }
  }, 60_000);
});
