import { ApiClient } from '../support/api-client';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { actOn, createExpense, expensePaths } from '../support/expenses';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';

const STATUSES = ['draft', 'submitted', 'approved', 'paid', 'rejected', 'reimbursed'] as const;
const ACTIONS = ['submit', 'approve', 'reject', 'mark_paid', 'reimburse', 'reopen'] as const;
const ALLOWED = new Set([
  'draft submit',
  'submitted approve',
  'submitted reject',
  'approved mark_paid',
  'approved reimburse',
  'rejected reopen',
]);
/** The owner's actions that bring a new draft to each status. */
const PATH_TO: Record<(typeof STATUSES)[number], string[]> = {
  draft: [],
  submitted: ['submit'],
  approved: ['submit', 'approve'],
  paid: ['submit', 'approve', 'mark_paid'],
  rejected: ['submit', 'reject'],
  reimbursed: ['submit', 'approve', 'reimburse'],
};

describe.each(testDatabases())('expense actions on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let paths: ReturnType<typeof expensePaths>;
  let org: string;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client, { first_name: 'Olive', last_name: 'Owner' });
    member = await signUp(app.client, { first_name: 'Mo', last_name: 'Member' });
    await addMember(app, owner.organisationUniqueId, member);
    org = owner.organisationUniqueId;
    paths = expensePaths(org);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const anExpenseIn = async (status: (typeof STATUSES)[number]) => {
    const expense = await createExpense(member.api, org);
    await actOn(owner.api, org, expense.unique_id, ...PATH_TO[status]);
    return expense;
  };

  it('submit stamps submitted_date; approve stamps approved_date and approved_by; mark_paid stamps paid_date', async () => {
    const expense = await createExpense(member.api, org);

    const submitted = await member.api.get(paths.action(expense.unique_id, 'submit'));
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'submitted', status_display: 'Submitted', approved_date: null, approved_by: null });
    expect(submitted.body.submitted_date).toMatch(/Z$/);

    const approved = await owner.api.get(paths.action(expense.unique_id, 'approve'));
    expect(approved.body).toMatchObject({
      status: 'approved',
      approved_by: { unique_id: owner.personUniqueId, full_name: 'Olive Owner' },
      created_by: { unique_id: member.personUniqueId, full_name: 'Mo Member' },
      submitted_date: submitted.body.submitted_date,
      paid_date: null,
    });
    expect(approved.body.approved_date).toMatch(/Z$/);

    const paid = await owner.api.get(paths.action(expense.unique_id, 'mark_paid'));
    expect(paid.body).toMatchObject({ status: 'paid', status_display: 'Paid', approved_date: approved.body.approved_date });
    expect(paid.body.paid_date).toMatch(/Z$/);
  });

  it('reimburse moves an approved expense to reimbursed and stamps paid_date', async () => {
    const expense = await anExpenseIn('approved');
    const response = await owner.api.get(paths.action(expense.unique_id, 'reimburse'));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'reimbursed', status_display: 'Reimbursed' });
    expect(response.body.paid_date).toMatch(/Z$/);
  });

  it('reject keeps the reason; reopen makes a draft again and the next submit clears the reason', async () => {
    const expense = await anExpenseIn('submitted');
    const rejected = await owner.api.get(paths.action(expense.unique_id, 'reject', 'Receipt is illegible'));
    expect(rejected.body).toMatchObject({ status: 'rejected', rejection_reason: 'Receipt is illegible' });

    const reopened = await member.api.get(paths.action(expense.unique_id, 'reopen'));
    expect(reopened.body).toMatchObject({ status: 'draft', rejection_reason: 'Receipt is illegible' });

    const resubmitted = await member.api.get(paths.action(expense.unique_id, 'submit'));
    expect(resubmitted.body).toMatchObject({ status: 'submitted', rejection_reason: null });
  });

  it('takes the action and reason from a POST body as well as from the query string', async () => {
    const expense = await anExpenseIn('submitted');
    const response = await owner.api.post(paths.action(expense.unique_id), { action: 'reject', reason: 'Duplicate' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'rejected', rejection_reason: 'Duplicate' });
    const byQuery = await member.api.post(paths.action(expense.unique_id, 'reopen'));
    expect(byQuery.body.status).toBe('draft');
  });

  describe('refused transitions', () => {
    const expenses = new Map<string, string>();

    beforeAll(async () => {
      for (const status of STATUSES) expenses.set(status, (await anExpenseIn(status)).unique_id);
    });

    const refused = STATUSES.flatMap((status) =>
      ACTIONS.filter((action) => !ALLOWED.has(`${status} ${action}`)).map((action) => [status, action] as const),
    );

    it.each(refused)('from %s, %s answers 409 and changes nothing', async (status, action) => {
      const id = expenses.get(status)!;
      const before = await owner.api.get(paths.detail(id));
      const response = await owner.api.get(paths.action(id, action));
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: `Cannot ${action} an expense in status "${status}".`, code: 'invalid_transition' });
      expect((await owner.api.get(paths.detail(id))).body).toEqual(before.body);
    });

    it('covers all 30 refused pairs', () => {
      expect(refused).toHaveLength(30);
    });
  });

  it.each([
    ['an unknown action', 'bogus', { action: ['"bogus" is not a valid choice.'] }],
    ['a missing action', undefined, { action: ['This field is required.'] }],
    ['an empty action', '', { action: ['"" is not a valid choice.'] }],
  ])('answers 400 to %s', async (_case, action, errors) => {
    const expense = await createExpense(member.api, org);
    const response = await owner.api.get(paths.action(expense.unique_id, action));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
  });

  it('answers 404 to an action on an expense that does not exist', async () => {
    const response = await owner.api.get(paths.action('does-not-exist', 'approve'));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not found.' });
  });

  it.each(['approve', 'reject', 'mark_paid', 'reimburse'])('lets only the owner %s: a member gets 403', async (action) => {
    const status = action === 'mark_paid' || action === 'reimburse' ? 'approved' : 'submitted';
    const expense = await anExpenseIn(status);
    const response = await member.api.get(paths.action(expense.unique_id, action));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await member.api.get(paths.detail(expense.unique_id))).body.status).toBe(status);
  });

  describe('under cookie authentication', () => {
    const session = (user: TestUser, sendCsrf: boolean) =>
      new ApiClient(app.client.baseUrl, { kind: 'session', sessionId: user.sessionId, csrfToken: user.csrfToken, sendCsrf });

    it('requires the CSRF header on the GET that changes state, but not on a plain read', async () => {
      const expense = await createExpense(owner.api, org);
      const read = await session(owner, false).get(paths.detail(expense.unique_id));
      expect(read.status).toBe(200);

      const refused = await session(owner, false).get(paths.action(expense.unique_id, 'submit'));
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
      expect((await owner.api.get(paths.detail(expense.unique_id))).body.status).toBe('draft');

      const accepted = await session(owner, true).get(paths.action(expense.unique_id, 'submit'));
      expect(accepted.status).toBe(200);
      expect(accepted.body.status).toBe('submitted');
    });
  });

  it('records exactly one approval when two arrive at once; the other gets 409', async () => {
    const expense = await anExpenseIn('submitted');
    const responses = await Promise.all([
      owner.api.get(paths.action(expense.unique_id, 'approve')),
      owner.api.get(paths.action(expense.unique_id, 'approve')),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = responses.find((r) => r.status === 200)!;
    const loser = responses.find((r) => r.status === 409)!;
    expect(loser.body).toEqual({ detail: 'Cannot approve an expense in status "approved".', code: 'invalid_transition' });
    const stored = await owner.api.get(paths.detail(expense.unique_id));
    expect(stored.body).toMatchObject({ status: 'approved', approved_date: winner.body.approved_date, last_updated: winner.body.last_updated });
  });
});
