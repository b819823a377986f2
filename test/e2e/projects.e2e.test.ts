import { signUp, TestUser } from '../support/accounts';
import { parseCsv } from '../support/csv';
import { testDatabases } from '../support/databases';
import { actOn, createExpense, expensePaths } from '../support/expenses';
import { FixedClock } from '../support/fixed-clock';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';

const PROJECT_FIELDS = [
  'unique_id', 'name', 'code', 'description', 'status', 'status_display', 'client', 'manager', 'budget', 'budget_currency',
  'start_date', 'end_date', 'spent', 'committed', 'remaining', 'budget_used', 'created_by', 'date_created', 'last_updated',
].sort();

describe.each(testDatabases())('projects on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  const clock = new FixedClock('2026-03-15T10:00:00.000Z');

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { clock });
    owner = await signUp(app.client, { first_name: 'Olu', last_name: 'Owner' });
    member = await signUp(app.client, { first_name: 'Mae', last_name: 'Member' });
    stranger = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
    await owner.api.post(`${org()}/clients/create/`, { name: 'Acme', unique_id: 'acme' });
    await owner.api.post(`${org()}/clients/create/`, { name: 'Globex', unique_id: 'globex' });
    await stranger.api.post(`${org(stranger.organisationUniqueId)}/clients/create/`, { name: 'Theirs', unique_id: 'theirs' });
    await stranger.api.post(`${org(stranger.organisationUniqueId)}/projects/create/`, { name: 'Their project', unique_id: 'their-project' });
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const org = (uid = owner.organisationUniqueId) => `/api/v1.0/organisation/${uid}`;
  const projects = () => `${org()}/projects`;
  const create = (body: Record<string, unknown>) => owner.api.post(`${projects()}/create/`, body);

  it('is created by an owner with its defaults (201), read by members, changed by PUT and PATCH, deleted (204, then 404)', async () => {
    const created = await create({ name: 'Office fit-out', unique_id: 'fit-out', code: 'FIT-1', budget: '1500.5', client_id: 'acme', manager_id: member.personUniqueId });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(PROJECT_FIELDS);
    expect(created.body).toEqual({
      unique_id: 'fit-out',
      name: 'Office fit-out',
      code: 'FIT-1',
      description: null,
      status: 'active',
      status_display: 'Active',
      client: { unique_id: 'acme', name: 'Acme' },
      manager: { unique_id: member.personUniqueId, full_name: 'Mae Member' },
      budget: '1500.50',
      budget_currency: 'USD',
      start_date: null,
      end_date: null,
      spent: '0.00',
      committed: '0.00',
      remaining: '1500.50',
      budget_used: '0.00',
      created_by: { unique_id: owner.personUniqueId, full_name: 'Olu Owner' },
      date_created: '2026-03-15T10:00:00.000Z',
      last_updated: '2026-03-15T10:00:00.000Z',
    });
    expect((await member.api.get(`${projects()}/fit-out/`)).body).toEqual(created.body);

    const patched = await owner.api.patch(`${projects()}/fit-out/update/`, { status: 'on_hold', client_id: null, start_date: '2026-04-01' });
    expect(patched.body).toMatchObject({ status: 'on_hold', status_display: 'On hold', client: null, start_date: '2026-04-01', code: 'FIT-1', budget: '1500.50' });
    const put = await owner.api.put(`${projects()}/fit-out/update/`, { name: 'Fit-out', budget: null, budget_currency: 'EUR' });
    expect(put.status).toBe(200);
    // PUT leaves out what it does not send, as every declared resource's PUT does.
    expect(put.body).toMatchObject({ name: 'Fit-out', budget: null, remaining: null, budget_currency: 'EUR', status: 'on_hold' });

    const deleted = await owner.api.delete(`${projects()}/fit-out/delete/`);
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    expect((await member.api.get(`${projects()}/fit-out/`)).status).toBe(404);
  });

  it('lets members read and report, and only owners write (403)', async () => {
    await create({ name: 'Owned', unique_id: 'owned' });
    expect((await member.api.get(`${projects()}/`)).status).toBe(200);
    expect((await member.api.post(`${projects()}/create/`, { name: 'Mine' })).status).toBe(403);
    expect((await member.api.patch(`${projects()}/owned/update/`, { name: 'Mine' })).status).toBe(403);
    expect((await member.api.delete(`${projects()}/owned/delete/`)).status).toBe(403);
    expect((await owner.api.get(`${projects()}/owned/`)).body.name).toBe('Owned');
  });

  it('checks every field, its bounds and its rules', async () => {
    expect((await create({})).body).toEqual({ name: ['This field is required.'] });
    expect((await create({ name: 'n'.repeat(201), code: 'c'.repeat(31) })).body).toEqual({
      name: ['Ensure this field has no more than 200 characters.'],
      code: ['Ensure this field has no more than 30 characters.'],
    });
    expect((await create({ name: ' ' })).body).toEqual({ name: ['This field may not be blank.'] });
    expect((await create({ name: 'p', status: 'done' })).body).toEqual({ status: ['"done" is not a valid choice.'] });
    expect((await create({ name: 'p', budget: '-0.01' })).body).toEqual({ budget: ['Ensure this value is greater than or equal to 0.'] });
    expect((await create({ name: 'p', budget: '1.001' })).body).toEqual({ budget: ['Ensure that there are no more than 2 decimal places.'] });
    expect((await create({ name: 'p', budget: '12345678901234567' })).body).toEqual({ budget: ['Ensure that there are no more than 16 digits before the decimal point.'] });
    expect((await create({ name: 'p', budget_currency: 'XYZ' })).status).toBe(400);
    expect((await create({ name: 'p', start_date: '2026-05-02', end_date: '2026-05-01' })).body).toEqual({ end_date: ['The end date cannot be before the start date.'] });
    expect((await create({ name: 'p', client_id: 'theirs' })).status).toBe(400);
    expect((await create({ name: 'p', client_id: 'theirs' })).body).toHaveProperty('client_id');
    expect((await create({ name: 'p', manager_id: stranger.personUniqueId })).body).toHaveProperty('manager_id');

    expect((await create({ name: 'Same day', unique_id: 'same-day', start_date: '2026-05-01', end_date: '2026-05-01', budget: '0' })).status).toBe(201);
    // The entity checks the dates as they end up, whichever of the two a PATCH sends.
    expect((await owner.api.patch(`${projects()}/same-day/update/`, { start_date: '2026-05-02' })).body).toEqual({ end_date: ['The end date cannot be before the start date.'] });
    expect((await owner.api.patch(`${projects()}/same-day/update/`, { end_date: null, start_date: '2026-05-02' })).status).toBe(200);
  });

  it('keeps codes unique in the organisation whatever their case; projects without a code never clash', async () => {
    expect((await create({ name: 'Alpha', code: 'Alpha-1', unique_id: 'alpha' })).status).toBe(201);
    expect((await create({ name: 'Again', code: 'ALPHA-1' })).body).toEqual({ code: ['project with this code already exists.'] });
    expect((await create({ name: 'No code 1' })).status).toBe(201);
    expect((await create({ name: 'No code 2', code: null })).status).toBe(201);
    expect((await create({ name: 'Beta', code: 'beta-1', unique_id: 'beta' })).status).toBe(201);
    expect((await owner.api.patch(`${projects()}/beta/update/`, { code: 'alpha-1' })).body).toEqual({ code: ['project with this code already exists.'] });
    // Another organisation may use the same code.
    expect((await stranger.api.post(`${org(stranger.organisationUniqueId)}/projects/create/`, { name: 'Theirs', code: 'ALPHA-1' })).status).toBe(201);
  });

  it('lists by name by default, filters by status, client_id and search, and orders by name, code, start_date and date_created', async () => {
    const fresh = await signUp(app.client);
    const base = `${org(fresh.organisationUniqueId)}/projects`;
    const make = (body: Record<string, unknown>) => fresh.api.post(`${base}/create/`, body);
    await fresh.api.post(`${org(fresh.organisationUniqueId)}/clients/create/`, { name: 'Client', unique_id: 'client' });
    await make({ name: 'banana', code: 'Z-9', status: 'planned', start_date: '2026-02-01', client_id: 'client' });
    clock.advance(1000);
    await make({ name: 'Apple', code: 'b-2', status: 'completed', start_date: '2026-01-01' });
    clock.advance(1000);
    await make({ name: 'cherry', code: 'A-1', client_id: 'client' });
    const names = async (query: string) => (await fresh.api.get(`${base}/${query}`)).body.map((p: { name: string }) => p.name);

    expect(await names('')).toEqual(['Apple', 'banana', 'cherry']);
    expect(await names('?ordering=-name')).toEqual(['cherry', 'banana', 'Apple']);
    expect(await names('?ordering=code')).toEqual(['cherry', 'Apple', 'banana']);
    expect(await names('?ordering=start_date')).toEqual(['Apple', 'banana', 'cherry']);
    expect(await names('?ordering=-date_created')).toEqual(['cherry', 'Apple', 'banana']);
    expect(await names('?status=planned')).toEqual(['banana']);
    expect(await names('?client_id=client')).toEqual(['banana', 'cherry']);
    expect(await names('?client_id=nobody')).toEqual([]);
    expect(await names('?search=APP')).toEqual(['Apple']);
    expect(await names('?search=a-1')).toEqual(['cherry']);
    expect(await names('?search=an')).toEqual(['banana']);
    expect((await fresh.api.get(`${base}/?status=closed`)).body).toEqual({ status: ['Select a valid choice. closed is not one of the available choices.'] });
    expect((await fresh.api.get(`${base}/?ordering=budget`)).status).toBe(400);
  });

  it('exports CSV, answers ETags, replays an Idempotency-Key and keeps history', async () => {
    const first = await owner.api.post(`${projects()}/create/`, { name: 'Keyed', unique_id: 'keyed' }, { headers: { 'Idempotency-Key': 'project-key' } });
    const again = await owner.api.post(`${projects()}/create/`, { name: 'Keyed', unique_id: 'keyed' }, { headers: { 'Idempotency-Key': 'project-key' } });
    expect([first.status, again.status, again.body]).toEqual([201, 201, first.body]);

    const read = await member.api.get(`${projects()}/keyed/`);
    const etag = read.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await member.api.get(`${projects()}/keyed/`, { headers: { 'If-None-Match': etag! } })).status).toBe(304);
    await owner.api.patch(`${projects()}/keyed/update/`, { description: 'Changed' });
    expect((await member.api.get(`${projects()}/keyed/`, { headers: { 'If-None-Match': etag! } })).status).toBe(200);

    const history = await member.api.get(`${projects()}/keyed/history/`);
    expect(history.status).toBe(200);
    expect(history.body.length).toBe(2);

    const csv = await member.api.get(`${projects()}/?format=csv&search=keyed`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, row] = parseCsv(csv.text);
    expect(header).toContain('spent');
    expect(row[header.indexOf('unique_id')]).toBe('keyed');
  });

  it('refuses to delete a project while an expense names it (409 in_use), and a client while a project names it', async () => {
    await create({ name: 'Used', unique_id: 'used', client_id: 'globex' });
    const expense = await createExpense(member.api, owner.organisationUniqueId, { project_id: 'used' });
    const refused = await owner.api.delete(`${projects()}/used/delete/`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('in_use');
    expect((await owner.api.delete(`${org()}/clients/globex/delete/`)).body).toEqual({
      detail: 'This client is named by leads or projects; change or delete those first.',
      code: 'in_use',
    });

    await member.api.delete(expensePaths(owner.organisationUniqueId).delete(expense.unique_id));
    expect((await owner.api.delete(`${projects()}/used/delete/`)).status).toBe(204);
  });

  it('keeps another organisation’s project out of reach: 404 on its paths, 400 on an expense', async () => {
    const theirs = `${projects()}/their-project`;
    expect((await owner.api.get(`${theirs}/`)).status).toBe(404);
    expect((await owner.api.patch(`${theirs}/update/`, { name: 'Ours' })).status).toBe(404);
    expect((await owner.api.delete(`${theirs}/delete/`)).status).toBe(404);
    expect((await owner.api.get(`${theirs}/history/`)).status).toBe(404);
    const refused = await member.api.post(expensePaths(owner.organisationUniqueId).create, { ...(await anExpenseBody()), project_id: 'their-project' });
    expect(refused.status).toBe(400);
    expect(refused.body).toHaveProperty('project_id');
    // Their project is untouched.
    expect((await stranger.api.get(`${org(stranger.organisationUniqueId)}/projects/their-project/`)).body.name).toBe('Their project');
  });

  it('books expenses to planned and active projects only; one already booked keeps its project', async () => {
    const paths = expensePaths(owner.organisationUniqueId);
    await create({ name: 'Planned', unique_id: 'planned', status: 'planned' });
    await create({ name: 'Running', unique_id: 'running' });
    await create({ name: 'Paused', unique_id: 'paused', status: 'on_hold' });
    await create({ name: 'Done', unique_id: 'done', status: 'completed' });
    await create({ name: 'Dropped', unique_id: 'dropped', status: 'cancelled' });

    const booked = await createExpense(member.api, owner.organisationUniqueId, { project_id: 'planned', unique_id: 'booked' });
    expect(booked.project_id).toBe('planned');
    expect((await createExpense(member.api, owner.organisationUniqueId, { project_id: 'running' })).project_id).toBe('running');
    for (const closed of ['paused', 'done', 'dropped']) {
      const refused = await member.api.post(paths.create, { ...(await anExpenseBody()), project_id: closed });
      expect([closed, refused.status, refused.body]).toEqual([
        closed,
        400,
        { project_id: ['This project takes no new expenses; book the expense to a planned or active project.'] },
      ]);
    }
    expect((await member.api.post(paths.create, { ...(await anExpenseBody()), project_id: 'nothing' })).status).toBe(400);

    // The project closes: the expense booked to it keeps it through a PUT, but cannot move to a closed one.
    await owner.api.patch(`${projects()}/planned/update/`, { status: 'completed' });
    const put = await member.api.put(paths.update('booked'), { ...(await anExpenseBody()), project_id: 'planned' });
    expect([put.status, put.body.project_id]).toEqual([200, 'planned']);
    expect((await member.api.patch(paths.update('booked'), { project_id: 'paused' })).status).toBe(400);
    expect((await member.api.patch(paths.update('booked'), { project_id: 'running' })).body.project_id).toBe('running');
    expect((await member.api.patch(paths.update('booked'), { project_id: null })).body.project_id).toBeNull();

    // Not writable once the expense is no longer editable.
    await member.api.patch(paths.update('booked'), { project_id: 'running' });
    await actOn(member.api, owner.organisationUniqueId, 'booked', 'submit');
    expect((await member.api.patch(paths.update('booked'), { project_id: null })).status).toBe(409);

    const listed = async (query: string) => (await member.api.get(`${paths.list}${query}`)).body.map((e: { unique_id: string }) => e.unique_id);
    expect(await listed('?project_id=running')).toContain('booked');
    expect(await listed('?project_id=nothing')).toEqual([]);
    expect(await listed('?project_id=their-project')).toEqual([]);
  });

  it('shows what its expenses spent (approved, paid, reimbursed), committed (submitted) and what remains of the budget', async () => {
    await create({ name: 'Counted', unique_id: 'counted', budget: '100.00' });
    const make = async (amount: string, taxAmount: string, ...actions: string[]) => {
      const expense = await createExpense(member.api, owner.organisationUniqueId, { project_id: 'counted', amount, tax_amount: taxAmount });
      if (actions.length > 0) await actOn(owner.api, owner.organisationUniqueId, expense.unique_id, ...actions);
    };
    await make('10.00', '0.00'); // draft: nothing
    await make('20.00', '1.10', 'submit'); // committed 21.10
    await make('30.00', '0.05', 'submit', 'approve'); // spent 30.05
    await make('40.00', '0.00', 'submit', 'approve', 'mark_paid'); // spent 40.00
    await make('50.00', '0.01', 'submit', 'approve', 'reimburse'); // spent 50.01
    await make('60.00', '0.00', 'submit', 'reject'); // nothing

    const figures = (await member.api.get(`${projects()}/counted/`)).body;
    expect([figures.spent, figures.committed, figures.remaining]).toEqual(['120.06', '21.10', '-20.06']);
    const listed = (await member.api.get(`${projects()}/?search=counted`)).body[0];
    expect([listed.spent, listed.committed, listed.remaining]).toEqual(['120.06', '21.10', '-20.06']);
  });

  it('answers 404 to a non-member and 401 to an anonymous caller', async () => {
    expect((await stranger.api.get(`${projects()}/`)).status).toBe(404);
    expect((await app.client.get(`${projects()}/`)).status).toBe(401);
  });

  let expenseCounter = 0;
  async function anExpenseBody(): Promise<Record<string, unknown>> {
    expenseCounter += 1;
    return { title: `Project expense ${expenseCounter}`, expense_number: `PRJ-${expenseCounter}`, account_id: 'acct-6300', expense_date: '2026-01-15', amount: '25.00' };
  }
});
