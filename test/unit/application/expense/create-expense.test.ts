import { useCasesOf } from '../../../support/record-use-cases';
import { ACCOUNT_TOKENS, AccountRepository } from '../../../../application/account/account.ports';
import { EXPENSE_TOKENS, ExpenseRepository, ExpenseVendorDirectory } from '../../../../application/expense/expense.ports';
import { PERSON_TOKENS, PersonRepository } from '../../../../application/person/person.ports';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { Locked, NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import { UpdateOrganisation } from '../../../../application/organisation/update-organisation.use-case';
import { InMemoryFile } from '../../../../application/shared/incoming-file';
import { RECEIPT_FILES, RENAMED_EXECUTABLE } from '../../../support/expenses';
import { aNewExpense, expenseWorld, expensesIn } from './expense-world';

/** A world with vendor-1, and the directories an expense's references are looked up in. */
async function worldWithReferences() {
  const world = await expenseWorld();
  await world.vendors.add(world.organisation.id, { id: 'vendor-internal-1', uniqueId: 'vendor-1', name: 'City Cabs' });
  return {
    world,
    accounts: world.container.get<AccountRepository>(ACCOUNT_TOKENS.AccountRepository),
    vendors: world.container.get<ExpenseVendorDirectory>(EXPENSE_TOKENS.ExpenseVendorDirectory),
    people: world.container.get<PersonRepository>(PERSON_TOKENS.PersonRepository),
  };
}

describe('CreateExpense', () => {
  it('records a draft by the member, with the account, employee and vendor it names', async () => {
    const world = await expenseWorld();
    await world.vendors.add(world.organisation.id, { id: 'vendor-internal-1', uniqueId: 'vendor-1', name: 'City Cabs' });
    const view = await expensesIn(world.container).create.execute(
      world.member.actor,
      world.org,
      aNewExpense({ vendorId: 'vendor-1', employeeId: world.member.person.uniqueId, taxAmount: Decimal.of('4') }),
    );

    expect(view.expense).toMatchObject({
      status: 'draft',
      vendorId: 'vendor-internal-1',
      employeeId: world.member.actor.personId,
      createdById: world.member.actor.personId,
      dateCreated: world.clock.now(),
    });
    expect(view.expense.totalAmount.toFixed()).toBe('29.00');
    expect(view.account).toEqual({ uniqueId: 'acct-6300', accountCode: '6300', name: 'Travel', accountType: 'expense' });
    expect(view.vendor).toEqual({ uniqueId: 'vendor-1', name: 'City Cabs' });
    expect(view.employee).toEqual({ uniqueId: world.member.person.uniqueId, fullName: 'Mo Member' });
    expect(view.createdBy).toEqual(view.employee);
    expect(view.organisationUniqueId).toBe(world.org);
  });

  it('looks up the account, vendor and employee it names side by side, not one after the other', async () => {
    const { world, accounts, vendors, people } = await worldWithReferences();
    // Each look-up answers only once all three have been asked: one after the other, the first would never answer.
    let asked = 0;
    let allAsked: () => void = () => undefined;
    const everyoneAsked = new Promise<void>((resolve) => (allAsked = resolve));
    const held = async <T>(read: () => Promise<T>): Promise<T> => {
      if (++asked === 3) allAsked();
      await everyoneAsked;
      return read();
    };
    const account = accounts.findByUniqueId.bind(accounts);
    const vendor = vendors.findByUniqueId.bind(vendors);
    const member = people.findMemberByUniqueId.bind(people);
    jest.spyOn(accounts, 'findByUniqueId').mockImplementation((...args) => held(() => account(...args)));
    jest.spyOn(vendors, 'findByUniqueId').mockImplementation((...args) => held(() => vendor(...args)));
    jest.spyOn(people, 'findMemberByUniqueId').mockImplementation((...args) => held(() => member(...args)));

    const view = await expensesIn(world.container).create
      .execute(world.owner.actor, world.org, aNewExpense({ vendorId: 'vendor-1', employeeId: world.member.person.uniqueId }));

    expect(asked).toBe(3);
    expect([view.account?.uniqueId, view.vendor?.uniqueId, view.employee?.uniqueId]).toEqual(['acct-6300', 'vendor-1', world.member.person.uniqueId]);
  });

  it('shows the account, vendor, employee and creator it resolved or read with the organisation, without reading them again', async () => {
    const { world, accounts, vendors, people } = await worldWithReferences();
    const accountReads = jest.spyOn(accounts, 'findByIds');
    const vendorReads = jest.spyOn(vendors, 'findByIds');
    const peopleReads = jest.spyOn(people, 'findByIds');

    const view = await expensesIn(world.container).create
      .execute(world.owner.actor, world.org, aNewExpense({ vendorId: 'vendor-1', employeeId: world.member.person.uniqueId }));

    expect(view.account?.uniqueId).toBe('acct-6300');
    expect(view.vendor).toEqual({ uniqueId: 'vendor-1', name: 'City Cabs' });
    expect(view.employee).toEqual({ uniqueId: world.member.person.uniqueId, fullName: 'Mo Member' });
    expect(view.createdBy).toEqual({ uniqueId: world.owner.person.uniqueId, fullName: 'Olive Owner' });
    expect(accountReads).not.toHaveBeenCalled();
    expect(vendorReads).not.toHaveBeenCalled();
    // The creator is the caller, read with the organisation and its membership.
    expect(peopleReads).not.toHaveBeenCalled();
  });

  it('answers 404 to someone who is not a member', async () => {
    const world = await expenseWorld();
    await expect(expensesIn(world.container).create.execute(world.outsider.actor, world.org, aNewExpense())).rejects.toThrow(NotFound);
  });

  it('reports every unknown reference at once, a vendor of another organisation included', async () => {
    const world = await expenseWorld();
    await world.vendors.add('another-organisation', { id: 'v', uniqueId: 'vendor-1', name: 'Theirs' });
    const refused = expensesIn(world.container).create
      .execute(world.owner.actor, world.org, aNewExpense({ accountId: 'nope', vendorId: 'vendor-1', employeeId: world.outsider.person.uniqueId }));
    await expect(refused).rejects.toMatchObject({
      errors: {
        account_id: ['Object with unique_id=nope does not exist.'],
        vendor_id: ['Object with unique_id=vendor-1 does not exist.'],
        employee_id: [`Object with unique_id=${world.outsider.person.uniqueId} does not exist.`],
      },
    });
  });

  it('refuses a number or unique_id the organisation already has', async () => {
    const world = await expenseWorld();
    const create = expensesIn(world.container).create;
    await create.execute(world.owner.actor, world.org, aNewExpense({ expenseNumber: 'EXP-1', uniqueId: 'exp-1' }));
    await expect(create.execute(world.owner.actor, world.org, aNewExpense({ expenseNumber: 'EXP-1', uniqueId: 'exp-1' }))).rejects.toMatchObject({
      errors: { unique_id: ['expense with this unique id already exists.'], expense_number: ['expense with this expense number already exists.'] },
    });
  });

  it('writes a new expense without asking first whether its number or unique_id is taken', async () => {
    const world = await expenseWorld();
    const expenses = world.container.get<ExpenseRepository>(EXPENSE_TOKENS.ExpenseRepository);
    const asked = [jest.spyOn(expenses, 'clashes'), jest.spyOn(expenses, 'findByUniqueId')];
    await expensesIn(world.container).create.execute(world.owner.actor, world.org, aNewExpense({ expenseNumber: 'EXP-7', uniqueId: 'exp-7' }));
    for (const spy of asked) expect(spy).not.toHaveBeenCalled();
  });

  it('stores a receipt judged by its content, and keeps nothing of a refused one', async () => {
    const world = await expenseWorld();
    const create = expensesIn(world.container).create;
    const view = await create.execute(world.owner.actor, world.org, aNewExpense({ receipt: new InMemoryFile(RECEIPT_FILES.png.bytes) }));
    expect(view.expense.receipt).toEqual({ key: expect.stringMatching(/\.png$/), contentType: 'image/png', size: RECEIPT_FILES.png.bytes.length });
    expect(world.receipts.keys()).toEqual([view.expense.receipt!.key]);

    await expect(create.execute(world.owner.actor, world.org, aNewExpense({ receipt: new InMemoryFile(RENAMED_EXECUTABLE) }))).rejects.toMatchObject({
      errors: { receipt: ['Upload a valid receipt: a PDF, PNG, JPEG or WebP file.'] },
    });
    await expect(create.execute(world.owner.actor, world.org, aNewExpense({ receipt: new InMemoryFile(Buffer.alloc(0)) }))).rejects.toMatchObject({
      errors: { receipt: ['The submitted file is empty.'] },
    });
    expect(world.receipts.keys()).toHaveLength(1);
  });

  it('removes the stored receipt when the write then fails', async () => {
    const world = await expenseWorld();
    const refused = expensesIn(world.container).create
      .execute(world.owner.actor, world.org, aNewExpense({ accountId: 'nope', receipt: new InMemoryFile(RECEIPT_FILES.pdf.bytes) }));
    await expect(refused).rejects.toThrow(ValidationFailed);
    expect(world.receipts.keys()).toEqual([]);
  });

  it('refuses a booking to an inactive account', async () => {
    const world = await expenseWorld();
    await useCasesOf(world.container, 'account').update.execute(world.owner.actor, world.org, 'acct-6300', { isActive: false });
    await expect(expensesIn(world.container).create.execute(world.owner.actor, world.org, aNewExpense())).rejects.toMatchObject({
      errors: { account_id: ['This account is inactive; book the expense to an active account.'] },
    });
  });

  it("refuses an expense dated before the organisation's lock date (409)", async () => {
    const world = await expenseWorld();
    await world.container.get(UpdateOrganisation).execute(world.owner.actor, world.org, { financialYearLockDate: CalendarDate.of('2026-01-01') });
    const create = expensesIn(world.container).create;
    await expect(create.execute(world.owner.actor, world.org, aNewExpense({ expenseDate: CalendarDate.of('2025-12-31') }))).rejects.toThrow(Locked);
    await expect(create.execute(world.owner.actor, world.org, aNewExpense({ expenseDate: CalendarDate.of('2026-01-01') }))).resolves.toBeDefined();
  });
});
