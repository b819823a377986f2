import { EXPENSE_TOKENS, ExpenseRepository } from '../../../../application/expense/expense.ports';
import { PROJECT_TOKENS, ProjectExpenses } from '../../../../application/project/project.kind';
import { RecordFilters } from '../../../../application/records/record.ports';
import { Actor } from '../../../../application/shared/actor';
import { ListQuery } from '../../../../application/shared/page';
import { Expense, ExpenseSnapshot } from '../../../../domain/expense/expense';
import { Project, ProjectSnapshot, ProjectSpending } from '../../../../domain/project/project';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { InUse, PermissionDenied, ValidationFailed } from '../../../../domain/shared/errors';
import { InMemoryApp, inMemoryApp } from '../../../support/in-memory-container';
import { useCasesOf } from '../../../support/record-use-cases';

/** The expenses' answers about projects, counting how often a page's spending is asked for. */
class CountedProjectExpenses implements ProjectExpenses {
  spendingReads = 0;

  constructor(private readonly expenses: ExpenseRepository) {}

  isProjectUsed(organisationId: string, projectId: string): Promise<boolean> {
    return this.expenses.isProjectUsed(organisationId, projectId);
  }

  spendingByProject(organisationId: string, projectIds: readonly string[]): Promise<Map<string, ProjectSpending>> {
    this.spendingReads += 1;
    return this.expenses.spendingByProject(organisationId, projectIds);
  }
}

const query = (overrides: Partial<ListQuery<RecordFilters, string>> = {}): ListQuery<RecordFilters, string> => ({
  filters: {},
  ordering: { field: 'name', descending: false },
  page: { page: 1, pageSize: 100 },
  ...overrides,
});

describe('project use cases', () => {
  let app: InMemoryApp;
  let owner: Actor;
  let member: Actor;
  let org: string;
  let counted: CountedProjectExpenses;

  beforeEach(async () => {
    app = await inMemoryApp();
    counted = new CountedProjectExpenses(app.container.get<ExpenseRepository>(EXPENSE_TOKENS.ExpenseRepository));
    (await app.container.rebind<ProjectExpenses>(PROJECT_TOKENS.ProjectExpenses)).toConstantValue(counted);
    owner = await app.aPerson('Olu');
    member = await app.aPerson('Mae');
    org = await app.anOrganisation(owner, { defaultCurrency: 'KES' });
    await app.join(org, member);
  });

  const projects = () => useCasesOf<Project, ProjectSnapshot>(app.container, 'project');
  const expenses = () => useCasesOf<Expense, ExpenseSnapshot>(app.container, 'expense');
  const book = (projectId: string, amount: string) =>
    expenses().create.execute(member, org, {
      title: 'Travel',
      expenseNumber: `E-${projectId}-${amount}`,
      accountId: 'acct-6300',
      projectId,
      expenseDate: CalendarDate.of('2026-02-01'),
      amount: Decimal.of(amount),
      status: 'submitted',
    });

  it('is made by the owner in the organisation’s currency, its creator recorded; a member may read, not write', async () => {
    const view = await projects().create.execute(owner, org, { name: 'Fit-out', uniqueId: 'fit-out' });
    expect(view.record).toMatchObject({ budgetCurrency: 'KES', status: 'active', createdById: owner.personId });
    expect((await projects().get.execute(member, org, 'fit-out')).record.name).toBe('Fit-out');
    await expect(projects().create.execute(member, org, { name: 'Mine' })).rejects.toBeInstanceOf(PermissionDenied);
    await expect(projects().update.execute(member, org, 'fit-out', { name: 'Mine' })).rejects.toBeInstanceOf(PermissionDenied);
  });

  it('reads the spending of a whole page of projects at once', async () => {
    for (const name of ['A', 'B', 'C', 'D', 'E']) await projects().create.execute(owner, org, { name, uniqueId: name.toLowerCase(), budget: Decimal.of('100') });
    await book('a', '10.00');
    await book('c', '20.50');
    counted.spendingReads = 0;

    const page = await projects().list.execute(member, org, query());

    expect(counted.spendingReads).toBe(1);
    expect(page.items.map((view) => [view.record.uniqueId, String(view.derived.committed), String(view.derived.remaining)])).toEqual([
      ['a', '10.00', '100.00'],
      ['b', '0.00', '100.00'],
      ['c', '20.50', '100.00'],
      ['d', '0.00', '100.00'],
      ['e', '0.00', '100.00'],
    ]);
  });

  it('keeps a project that expenses name (in_use), and its code unique whatever its case', async () => {
    await projects().create.execute(owner, org, { name: 'Used', uniqueId: 'used', code: 'USED-1' });
    await book('used', '5.00');
    await expect(projects().delete.execute(owner, org, 'used')).rejects.toBeInstanceOf(InUse);
    await expect(projects().create.execute(owner, org, { name: 'Again', code: 'used-1' })).rejects.toEqual(
      new ValidationFailed({ code: ['project with this code already exists.'] }),
    );
  });
});
