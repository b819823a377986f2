import { NewExpenseCommand } from '../../../../application/expense/expense-command';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { inMemoryWorld } from '../../../support/in-memory-world';

let counter = 0;

/** A valid new expense booked to the seeded Travel account. */
export function aNewExpense(overrides: Partial<NewExpenseCommand> = {}): NewExpenseCommand {
  counter += 1;
  return {
    title: `Taxi ${counter}`,
    expenseNumber: `EXP-${counter}`,
    accountUniqueId: 'acct-6300',
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
