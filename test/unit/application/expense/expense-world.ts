import { Container } from 'inversify';
import { ApplyExpenseAction, ExpenseActionCommand } from '../../../../application/expense/apply-expense-action.use-case';
import { NewExpenseCommand, ExpenseCommand } from '../../../../application/expense/expense.kind';
import { ExpenseFilters, ExpenseOrderingField } from '../../../../application/expense/expense.ports';
import { RecordView } from '../../../../application/records/record-views';
import { AccountType } from '../../../../domain/account/account';
import { Actor, PersonRef } from '../../../../application/shared/actor';
import { ListQuery } from '../../../../application/shared/page';
import { Expense, ExpenseSnapshot } from '../../../../domain/expense/expense';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { inMemoryWorld } from '../../../support/in-memory-world';
import { useCasesOf } from '../../../support/record-use-cases';

let counter = 0;

/** A valid new expense booked to the seeded Travel account (references by unique_id). */
export function aNewExpense(overrides: Partial<NewExpenseCommand> = {}): NewExpenseCommand {
  counter += 1;
  return {
    title: `Taxi ${counter}`,
    expenseNumber: `EXP-${counter}`,
    accountId: 'acct-6300',
    expenseDate: CalendarDate.of('2026-01-15'),
    amount: Decimal.of('25.00'),
    ...overrides,
  };
}

/** An organisation with its owner, a member, and an outsider who belongs to another organisation. */
export async function expenseWorld() {
  const world = await inMemoryWorld();
  const { organisation, owner } = await world.organisation('Acme');
  const member = await world.person('Mo', 'Member');
  await world.addMember(organisation, member);
  const { owner: outsider } = await world.organisation('Elsewhere');
  return { ...world, organisation, org: organisation.uniqueId, owner, member, outsider };
}

/** An expense as its answer shows it, read from its view: the records it names as their summaries. */
export interface ExpenseSeen {
  organisationUniqueId: string | undefined;
  expense: ExpenseSnapshot;
  account: { uniqueId: string; accountCode: string; name: string; accountType: AccountType } | null;
  vendor: { uniqueId: string; name: string } | null;
  employee: PersonRef | null;
  approvedBy: PersonRef | null;
  createdBy: PersonRef | null;
}

export function seen(view: RecordView<ExpenseSnapshot>): ExpenseSeen {
  const expense = view.record;
  const person = (id: string | null) => (id === null ? null : (view.people.get(id) ?? null));
  const record = (id: string | null) => (id === null ? undefined : (view.referenced?.get(id) as Record<string, unknown> | undefined));
  const account = record(expense.accountId);
  const vendor = record(expense.vendorId);
  return {
    organisationUniqueId: view.organisationUniqueId,
    expense,
    account: account
      ? { uniqueId: account.uniqueId as string, accountCode: account.accountCode as string, name: account.name as string, accountType: account.accountType as AccountType }
      : null,
    vendor: vendor ? { uniqueId: vendor.uniqueId as string, name: vendor.name as string } : null,
    employee: person(expense.employeeId),
    approvedBy: person(expense.approvedById),
    createdBy: person(expense.createdById),
  };
}

/** The expense use cases (the generic record ones and the actions), answering what the answer shows. */
export function expensesIn(container: Container) {
  const cases = useCasesOf<Expense, ExpenseSnapshot>(container, 'expense');
  return {
    create: { execute: async (actor: Actor, org: string, command: NewExpenseCommand) => seen(await cases.create.execute(actor, org, command)) },
    get: { execute: async (actor: Actor, org: string, uniqueId: string) => seen(await cases.get.execute(actor, org, uniqueId)) },
    update: {
      execute: async (actor: Actor, org: string, uniqueId: string, changes: ExpenseCommand) => seen(await cases.update.execute(actor, org, uniqueId, changes)),
    },
    delete: { execute: async (actor: Actor, org: string, uniqueId: string): Promise<void> => void (await cases.delete.execute(actor, org, uniqueId)) },
    list: {
      execute: async (actor: Actor, org: string, query: ListQuery<ExpenseFilters, ExpenseOrderingField>) => {
        const page = await cases.list.execute(actor, org, query);
        return { total: page.total, items: page.items.map(seen) };
      },
    },
    act: {
      execute: async (actor: Actor, org: string, uniqueId: string, command: ExpenseActionCommand) =>
        seen(await container.get(ApplyExpenseAction).execute(actor, org, uniqueId, command)),
    },
  };
}
