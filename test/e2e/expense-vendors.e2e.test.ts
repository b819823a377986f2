import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { createExpense, expensePaths } from '../support/expenses';
import { startTestApp, TestApp } from '../support/test-app';

/** Expenses name the organisation's vendors; a vendor that expenses name cannot be deleted. */
describe.each(testDatabases())('expenses and vendors together on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client);
    stranger = await signUp(app.client);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const vendors = (org: string) => `/api/v1.0/organisation/${org}/vendors`;

  async function createVendor(user: TestUser, uniqueId: string, name: string) {
    const response = await user.api.post(`${vendors(user.organisationUniqueId)}/create/`, { unique_id: uniqueId, name });
    expect(response.status).toBe(201);
  }

  it('books an expense to a vendor of the organisation and shows it as {unique_id, name}', async () => {
    await createVendor(owner, 'city-cabs', 'City Cabs');
    const expense = await createExpense(owner.api, owner.organisationUniqueId, { vendor_id: 'city-cabs' });
    expect(expense.vendor).toEqual({ unique_id: 'city-cabs', name: 'City Cabs' });
    expect(expense).not.toHaveProperty('vendor_id');

    const listed = await owner.api.get(`${expensePaths(owner.organisationUniqueId).list}?vendor_id=city-cabs`);
    expect(listed.body.map((e: { unique_id: string }) => e.unique_id)).toEqual([expense.unique_id]);
    expect(listed.body[0].vendor).toEqual({ unique_id: 'city-cabs', name: 'City Cabs' });
  });

  it("refuses another organisation's vendor as if it did not exist", async () => {
    await createVendor(stranger, 'their-vendor', 'Theirs');
    const response = await owner.api.post(expensePaths(owner.organisationUniqueId).create, {
      title: 'Taxi', expense_number: 'EXP-VENDOR-X', account_id: 'acct-6300', expense_date: '2026-01-15', amount: '10.00', vendor_id: 'their-vendor',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ vendor_id: ['Object with unique_id=their-vendor does not exist.'] });
  });

  it('answers 409 in_use to deleting a vendor that an expense names, and deletes it once the expense is gone', async () => {
    await createVendor(owner, 'print-shop', 'Print Shop');
    const expense = await createExpense(owner.api, owner.organisationUniqueId, { vendor_id: 'print-shop' });
    const refused = await owner.api.delete(`${vendors(owner.organisationUniqueId)}/print-shop/delete/`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('in_use');
    expect((await owner.api.get(`${vendors(owner.organisationUniqueId)}/print-shop/`)).status).toBe(200);

    expect((await owner.api.delete(expensePaths(owner.organisationUniqueId).delete(expense.unique_id))).status).toBe(204);
    expect((await owner.api.delete(`${vendors(owner.organisationUniqueId)}/print-shop/delete/`)).status).toBe(204);
  });
});
