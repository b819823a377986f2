import { randomUUID } from 'node:crypto';
import { ACCOUNT_TOKENS, AccountRepository } from '../../application/account/account.ports';
import { EXPENSE_TOKENS, ExpenseRepository } from '../../application/expense/expense.ports';
import { ORGANISATION_TOKENS, OrganisationRepository } from '../../application/organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../../application/person/person.ports';
import { PROJECT_TOKENS, ProjectRepository } from '../../application/project/project.kind';
import { Expense } from '../../domain/expense/expense';
import { ExpenseStatus } from '../../domain/expense/expense-status';
import { CalendarDate } from '../../domain/shared/calendar-date';
import { Decimal } from '../../domain/shared/decimal';
import { signUp, TestUser } from '../support/accounts';
import { parseCsv } from '../support/csv';
import { testDatabases } from '../support/databases';
import { actOn, createExpense } from '../support/expenses';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';

/** A repeatable stream of numbers (a linear congruential generator), so that a failure can be reproduced. */
function numbers(seed: number): () => number {
  let state = BigInt(seed);
  return () => {
    state = (state * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
    return Number(state >> 33n);
  };
}

/** Cents as the wire writes them: `1234` → `"12.34"`, `-5` → `"-0.05"`. */
function wireOf(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

describe.each(testDatabases())('project reports on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client);
    member = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const org = (uid = owner.organisationUniqueId) => `/api/v1.0/organisation/${uid}`;

  describe('on a small organisation', () => {
    let fresh: TestUser;
    const base = () => org(fresh.organisationUniqueId);

    beforeAll(async () => {
      fresh = await signUp(app.client);
      const make = (body: Record<string, unknown>) => fresh.api.post(`${base()}/projects/create/`, body);
      await fresh.api.post(`${base()}/clients/create/`, { name: 'Acme', unique_id: 'acme' });
      await make({ name: 'beta', unique_id: 'beta', budget: '300.00', client_id: 'acme' });
      await make({ name: 'Alpha', unique_id: 'alpha', budget: '0', status: 'planned' });
      await make({ name: 'Gamma', unique_id: 'gamma' });
      const expense = async (projectId: string | null, amount: string, ...actions: string[]) => {
        const created = await createExpense(fresh.api, fresh.organisationUniqueId, { project_id: projectId, amount });
        if (actions.length > 0) await actOn(fresh.api, fresh.organisationUniqueId, created.unique_id, ...actions);
      };
      await expense('beta', '100.00', 'submit', 'approve');
      await expense('beta', '0.01', 'submit', 'approve', 'mark_paid');
      await expense('beta', '50.00', 'submit');
      await expense('alpha', '20.00', 'submit', 'approve');
      await expense(null, '7.00');
    });

    it('groups the expense report by project, by name, those of no project under key null before the totals', async () => {
      const response = await fresh.api.get(`${base()}/reports/expenses/?group_by=project`);
      expect(response.status).toBe(200);
      expect(response.body.map((row: Record<string, unknown>) => [row.key, row.label, row.count, row.total_amount])).toEqual([
        ['alpha', 'Alpha', 1, '20.00'],
        ['beta', 'beta', 3, '150.01'],
        [null, 'No project', 1, '7.00'],
        [null, 'Total', 5, '177.01'],
      ]);
      const filtered = await fresh.api.get(`${base()}/reports/expenses/?group_by=project&status=submitted`);
      expect(filtered.body.map((row: Record<string, unknown>) => [row.key, row.total_amount])).toEqual([
        ['beta', '50.00'],
        [null, '50.00'],
      ]);
    });

    it('reports a row per project by name: budget, spent, committed, remaining and the share used; null without a budget', async () => {
      const response = await fresh.api.get(`${base()}/reports/projects/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-total-count')).toBe('3');
      expect(response.body).toEqual([
        {
          unique_id: 'alpha', name: 'Alpha', code: null, status: 'planned', status_display: 'Planned', client: null,
          budget: '0.00', budget_currency: 'USD', spent: '20.00', committed: '0.00', remaining: '-20.00', budget_used: null,
        },
        {
          unique_id: 'beta', name: 'beta', code: null, status: 'active', status_display: 'Active', client: { unique_id: 'acme', name: 'Acme' },
          budget: '300.00', budget_currency: 'USD', spent: '100.01', committed: '50.00', remaining: '199.99', budget_used: '33.34',
        },
        {
          unique_id: 'gamma', name: 'Gamma', code: null, status: 'active', status_display: 'Active', client: null,
          budget: null, budget_currency: 'USD', spent: '0.00', committed: '0.00', remaining: null, budget_used: null,
        },
      ]);
      expect((await fresh.api.get(`${base()}/projects/beta/`)).body.budget_used).toBe('33.34');
    });

    it('filters by status and client_id, pages as a list, and exports CSV', async () => {
      const ids = async (query: string) => (await fresh.api.get(`${base()}/reports/projects/${query}`)).body.map((row: { unique_id: string }) => row.unique_id);
      expect(await ids('?status=planned')).toEqual(['alpha']);
      expect(await ids('?client_id=acme')).toEqual(['beta']);
      expect(await ids('?client_id=nobody')).toEqual([]);
      expect((await fresh.api.get(`${base()}/reports/projects/?status=open`)).body).toEqual({
        status: ['Select a valid choice. open is not one of the available choices.'],
      });

      const second = await fresh.api.get(`${base()}/reports/projects/?page=2&page_size=2`);
      expect([second.headers.get('x-total-count'), second.body.map((row: { unique_id: string }) => row.unique_id)]).toEqual(['3', ['gamma']]);
      expect(second.headers.get('link')).toContain('rel="prev"');

      const csv = await fresh.api.get(`${base()}/reports/projects/?format=csv`);
      const [header, ...rows] = parseCsv(csv.text);
      expect(header).toEqual(expect.arrayContaining(['unique_id', 'budget', 'spent', 'committed', 'remaining', 'budget_used', 'client.name']));
      expect(rows.map((row) => [row[header.indexOf('unique_id')], row[header.indexOf('budget_used')]])).toEqual([
        ['alpha', ''],
        ['beta', '33.34'],
        ['gamma', ''],
      ]);
    });
  });

  it('agrees to the cent with BigInt sums over 1 000 expenses spread over 20 projects', async () => {
    const { container } = app.application;
    const organisation = (await container.get<OrganisationRepository>(ORGANISATION_TOKENS.OrganisationRepository).findByUniqueId(owner.organisationUniqueId))!;
    const person = (await container.get<PersonRepository>(PERSON_TOKENS.PersonRepository).findByEmail(owner.email))!;
    const account = (await container.get<AccountRepository>(ACCOUNT_TOKENS.AccountRepository).findByUniqueId(organisation.id, 'acct-6300'))!;
    const projects = container.get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository);
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const uniqueId = `bulk-${String(index).padStart(2, '0')}`;
      const created = await owner.api.post(`${org()}/projects/create/`, { name: `Bulk ${String(index).padStart(2, '0')}`, unique_id: uniqueId, budget: '9999999999999999.99' });
      expect(created.status).toBe(201);
      ids.push((await projects.findByUniqueId(organisation.id, uniqueId))!.id);
    }

    // Seeded through the repository (1 000 HTTP calls would only be slower): amounts up to the largest total an expense may have.
    const next = numbers(43);
    const statuses: ExpenseStatus[] = ['draft', 'submitted', 'approved', 'paid', 'reimbursed', 'rejected'];
    const expected = ids.map(() => ({ spent: 0n, committed: 0n, all: 0n, count: 0 }));
    const now = new Date('2026-03-01T12:00:00.000Z');
    const expenses: Expense[] = [];
    for (let index = 0; index < 1000; index += 1) {
      const project = next() % 20;
      const status = statuses[next() % statuses.length];
      const cents = BigInt(next()) * 4_656_613n % 999_999_999_999n + 1n; // up to 9 999 999 999.99
      const tax = cents / 7n;
      const expense = Expense.create({
        id: randomUUID(),
        uniqueId: `bulk-expense-${index}`,
        organisationId: organisation.id,
        createdById: person.id,
        title: `Bulk ${index}`,
        expenseNumber: `BULK-${index}`,
        accountId: account.id,
        projectId: ids[project],
        expenseDate: CalendarDate.of('2026-02-01'),
        amount: Decimal.fromUnits(cents - tax, 2),
        taxAmount: Decimal.fromUnits(tax, 2),
        status: status === 'draft' ? 'draft' : 'submitted',
        lockDate: null,
        now,
      });
      if (['approved', 'paid', 'reimbursed'].includes(status)) expense.approve(person.id, now);
      if (status === 'paid') expense.markPaid(now);
      if (status === 'reimbursed') expense.reimburse(now);
      if (status === 'rejected') expense.reject('no', now);
      expenses.push(expense);
      const sums = expected[project];
      sums.all += cents;
      sums.count += 1;
      if (status === 'submitted') sums.committed += cents;
      if (['approved', 'paid', 'reimbursed'].includes(status)) sums.spent += cents;
    }
    // A hundred a statement: SQLite bounds the depth of one statement's expression.
    const repository = container.get<ExpenseRepository>(EXPENSE_TOKENS.ExpenseRepository);
    for (let start = 0; start < expenses.length; start += 100) await repository.addAll(expenses.slice(start, start + 100));

    const budget = 999_999_999_999_999_999n;
    const report = await member.api.get(`${org()}/reports/projects/?page_size=20`);
    expect(report.headers.get('x-total-count')).toBe('20');
    expect(report.body.map((row: Record<string, unknown>) => [row.unique_id, row.spent, row.committed, row.remaining])).toEqual(
      expected.map((sums, index) => [`bulk-${String(index).padStart(2, '0')}`, wireOf(sums.spent), wireOf(sums.committed), wireOf(budget - sums.spent)]),
    );
    const list = await member.api.get(`${org()}/projects/?page_size=20&ordering=name`);
    expect(list.body.map((project: Record<string, unknown>) => [project.spent, project.committed])).toEqual(expected.map((sums) => [wireOf(sums.spent), wireOf(sums.committed)]));

    const grouped = await member.api.get(`${org()}/reports/expenses/?group_by=project`);
    const bulk = grouped.body.filter((row: { key: string | null }) => row.key?.startsWith('bulk-'));
    expect(bulk.map((row: Record<string, unknown>) => [row.key, row.count, row.total_amount])).toEqual(
      expected.map((sums, index) => [`bulk-${String(index).padStart(2, '0')}`, sums.count, wireOf(sums.all)]),
    );
  }, 120_000);
});
