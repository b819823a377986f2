import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { actOn, anExpense, expensePaths, multipart, RECEIPT_FILES } from '../support/expenses';
import { startTestApp, TestApp } from '../support/test-app';

interface Entry {
  id: string;
  model: string;
  record: string;
  action: string;
  at: string;
  actor: { unique_id: string; full_name: string } | null;
  changes: Record<string, [unknown, unknown]>;
}

describe.each(testDatabases())('the history of records on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  const org = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client, { first_name: 'Olive', last_name: 'Owner' });
    member = await signUp(app.client, { first_name: 'Mo', last_name: 'Member' });
    stranger = await signUp(app.client);
    const invitation = await owner.api.post(`${org()}/invitations/`, { email: member.email, role: 'member' });
    await member.api.post(`/api/v1.0/invitations/${invitation.body.token}/accept/`);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('records a create, two changes and two actions of an expense, newest first, each with its changes and who made it', async () => {
    const paths = expensePaths(owner.organisationUniqueId);
    const created = await member.api.post(paths.create, anExpense({ title: 'Taxi to the airport', amount: '25.00' }));
    const id = created.body.unique_id as string;
    await member.api.patch(paths.update(id), { amount: '27.50' });
    await owner.api.patch(paths.update(id), { title: 'Taxi to the airport and back' });
    await actOn(member.api, owner.organisationUniqueId, id, 'submit');
    await actOn(owner.api, owner.organisationUniqueId, id, 'approve');

    const history = await member.api.get(`${org()}/expenses/${id}/history/`);
    expect(history.status).toBe(200);
    expect(history.headers.get('X-Total-Count')).toBe('5');
    const entries = history.body as Entry[];
    expect(entries.map((entry) => [entry.action, entry.actor?.full_name])).toEqual([
      ['approve', 'Olive Owner'],
      ['submit', 'Mo Member'],
      ['updated', 'Olive Owner'],
      ['updated', 'Mo Member'],
      ['created', 'Mo Member'],
    ]);
    expect(entries[2].changes).toEqual({ title: ['Taxi to the airport', 'Taxi to the airport and back'] });
    expect(entries[3].changes).toMatchObject({ amount: ['25.00', '27.50'] });
    expect(entries[4].changes).toMatchObject({ title: [null, 'Taxi to the airport'], amount: [null, '25.00'] });
    expect(entries[1].changes).toMatchObject({ status: ['draft', 'submitted'] });
    expect(entries[0].changes).toMatchObject({ status: ['submitted', 'approved'] });
    expect(entries.every((entry) => entry.model === 'expense' && entry.record === id)).toBe(true);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(5);
  });

  it('keeps the history of a deleted record, ending with its deletion', async () => {
    const paths = expensePaths(owner.organisationUniqueId);
    const id = (await member.api.post(paths.create, anExpense())).body.unique_id as string;
    expect((await member.api.delete(paths.delete(id))).status).toBe(204);

    const history = await owner.api.get(`${org()}/expenses/${id}/history/`);
    expect(history.status).toBe(200);
    expect((history.body as Entry[]).map((entry) => entry.action)).toEqual(['deleted', 'created']);
    const activity = await owner.api.get(`${org()}/activity/?model=expense`);
    expect((activity.body as Entry[]).some((entry) => entry.record === id && entry.action === 'deleted')).toBe(true);
  });

  it('masks bank account numbers in every change', async () => {
    const vendor = await owner.api.post(`${org()}/vendors/create/`, {
      name: 'Acme Supplies',
      banking_information: { bank_name: 'First Bank', account_number: '12345678' },
    });
    const id = vendor.body.unique_id as string;
    await owner.api.patch(`${org()}/vendors/${id}/update/`, { banking_information: { account_number: '87654321' } });

    const history = await owner.api.get(`${org()}/vendors/${id}/history/`);
    expect(history.text).not.toContain('12345678');
    expect(history.text).not.toContain('87654321');
    const [updated, created] = history.body as Entry[];
    expect(JSON.stringify(updated.changes)).toContain('***');
    expect((created.changes.banking_information[1] as Record<string, unknown>).account_number).toBe('***');
    expect((created.changes.banking_information[1] as Record<string, unknown>).bank_name).toBe('First Bank');
  });

  it('masks every bank detail that identifies an account, the branch code included', async () => {
    const banking = { bank_name: 'First Bank', account_number: '11223344', branch_code: '250655', routing_number: '021000021', swift_code: 'FIRBZAJJ' };
    const vendor = await owner.api.post(`${org()}/vendors/create/`, { name: 'Branch Supplies', banking_information: banking });
    const id = vendor.body.unique_id as string;
    await owner.api.patch(`${org()}/vendors/${id}/update/`, { banking_information: { branch_code: '632005' } });

    const history = await owner.api.get(`${org()}/vendors/${id}/history/`);
    for (const value of ['11223344', '250655', '632005', '021000021', 'FIRBZAJJ']) expect(history.text).not.toContain(value);
    const [updated, created] = history.body as Entry[];
    expect(created.changes.banking_information[1]).toMatchObject({
      bank_name: 'First Bank',
      account_number: '***',
      branch_code: '***',
      routing_number: '***',
      swift_code: '***',
    });
    expect((updated.changes.banking_information[1] as Record<string, unknown>).branch_code).toBe('***');
  });

  it("shows neither internal ids nor a receipt's storage key, and still says what changed", async () => {
    const paths = expensePaths(owner.organisationUniqueId);
    const vendor = (await owner.api.post(`${org()}/vendors/create/`, { name: 'Id Supplies', unique_id: 'id-supplies' })).body.unique_id as string;
    const created = await member.api.post(paths.create, undefined, { multipart: multipart(anExpense({ unique_id: `receipt-${vendor}`, vendor_id: vendor }), RECEIPT_FILES.png) });
    expect(created.status).toBe(201);
    const id = created.body.unique_id as string;
    await member.api.patch(paths.update(id), { vendor_id: null });

    const history = await member.api.get(`${org()}/expenses/${id}/history/`);
    const [updated, first] = history.body as Entry[];
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    expect(JSON.stringify([updated.changes, first.changes])).not.toMatch(uuid);
    expect(first.changes.receipt[1]).toEqual({ content_type: 'image/png', size: RECEIPT_FILES.png.bytes.length });
    expect(first.changes).not.toHaveProperty('created_by_id');
    expect(updated.changes).toEqual({ vendor_id: ['***', '***'] });
  });

  it("shows the owner the organisation's activity, filtered by model, actor and days; members get 403", async () => {
    await member.api.post(`${org()}/clients/create/`, { name: 'Filtered Ltd' });
    const today = new Date().toISOString().slice(0, 10);

    const byMember = await owner.api.get(`${org()}/activity/?actor=${member.personUniqueId}&model=client&from_date=${today}&to_date=${today}`);
    expect(byMember.status).toBe(200);
    expect((byMember.body as Entry[]).map((entry) => [entry.model, entry.action, entry.actor?.unique_id])).toEqual([
      ['client', 'created', member.personUniqueId],
    ]);
    const everything = await owner.api.get(`${org()}/activity/`);
    expect(Number(everything.headers.get('X-Total-Count'))).toBeGreaterThan(8);
    expect((await owner.api.get(`${org()}/activity/?to_date=2000-01-01`)).body).toEqual([]);
    expect((await member.api.get(`${org()}/activity/`)).status).toBe(403);
  });

  it('answers 404 to a member of another organisation, and to a record that never was', async () => {
    const paths = expensePaths(owner.organisationUniqueId);
    const id = (await member.api.post(paths.create, anExpense())).body.unique_id as string;
    expect((await stranger.api.get(`${org()}/expenses/${id}/history/`)).status).toBe(404);
    expect((await stranger.api.get(`${org()}/activity/`)).status).toBe(404);
    expect((await owner.api.get(`${org()}/expenses/never-was/history/`)).status).toBe(404);
  });
});
