import { inject, injectable } from 'inversify';
import { AccountType } from '../../domain/account/account';
import { Expense, ExpenseSnapshot } from '../../domain/expense/expense';
import { Organisation } from '../../domain/organisation/organisation';
import { ACCOUNT_TOKENS, AccountRepository } from '../account/account.ports';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { peopleNamed } from '../person/people-named';
import { readMissing } from '../shared/records';
import { KnownPerson, PersonRef } from '../shared/actor';
import { FoundReferences } from './expense-references';
import { RecordView } from '../records/record-views';
import { EXPENSE_TOKENS, ExpenseVendorDirectory } from './expense.ports';

export interface AccountRef {
  uniqueId: string;
  accountCode: string;
  name: string;
  accountType: AccountType;
}

export interface VendorRef {
  uniqueId: string;
  name: string;
}

/** An expense with the records it names, as the API shows them. */
export interface ExpenseView {
  organisationUniqueId: string;
  expense: ExpenseSnapshot;
  account: AccountRef | null;
  vendor: VendorRef | null;
  employee: PersonRef | null;
  approvedBy: PersonRef | null;
  createdBy: PersonRef | null;
}

@injectable()
export class ExpenseViews {
  constructor(
    @inject(ACCOUNT_TOKENS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(EXPENSE_TOKENS.ExpenseVendorDirectory) private readonly vendors: ExpenseVendorDirectory,
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
  ) {}

  /** `found`: records the use case has just read (the references it resolved), and `caller`, the person making the request; neither read again. */
  async one(organisation: Organisation, expense: Expense, found?: FoundReferences, caller?: KnownPerson): Promise<ExpenseView> {
    const [view] = await this.many(organisation, [expense], found, caller);
    return view;
  }

  /** Views of a page of expenses with one query per kind of record named, not per expense. */
  async many(organisation: Organisation, expenses: Expense[], found: FoundReferences = NONE_FOUND, caller?: KnownPerson): Promise<ExpenseView[]> {
    const [accounts, vendors, personById] = await Promise.all([
      readMissing(found.accounts, expenses.map((e) => e.accountId), (ids) => this.accounts.findByIds(organisation.id, ids)),
      readMissing(found.vendors, expenses.map((e) => e.vendorId), (ids) => this.vendors.findByIds(organisation.id, ids)),
      peopleNamed(this.people, expenses.flatMap((e) => [e.employeeId, e.approvedById, e.createdById]), [...found.people, caller]),
    ]);
    const accountById = new Map(
      accounts.map((a) => [a.id, { uniqueId: a.uniqueId, accountCode: a.accountCode, name: a.name, accountType: a.accountType }]),
    );
    const vendorById = new Map(vendors.map((v) => [v.id, { uniqueId: v.uniqueId, name: v.name }]));
    const lookup = <T>(map: Map<string, T>, id: string | null) => (id === null ? null : (map.get(id) ?? null));
    return expenses.map((expense) => ({
      organisationUniqueId: organisation.uniqueId,
      expense: expense.snapshot(),
      account: lookup(accountById, expense.accountId),
      vendor: lookup(vendorById, expense.vendorId),
      employee: lookup(personById, expense.employeeId),
      approvedBy: lookup(personById, expense.approvedById),
      createdBy: lookup(personById, expense.createdById),
    }));
  }
}

const NONE_FOUND: FoundReferences = { accounts: [], vendors: [], people: [] };

/** An expense's view as the record service's views are written (its declaration's presenter reads it). */
export function recordViewOf(view: ExpenseView): RecordView<ExpenseSnapshot> {
  const { expense } = view;
  const people = new Map<string, PersonRef>();
  const named: [string | null, PersonRef | null][] = [
    [expense.employeeId, view.employee],
    [expense.approvedById, view.approvedBy],
    [expense.createdById, view.createdBy],
  ];
  for (const [id, person] of named) if (id !== null && person !== null) people.set(id, person);
  const referenced = new Map<string, object>();
  if (view.account) referenced.set(expense.accountId, view.account);
  if (view.vendor && expense.vendorId !== null) referenced.set(expense.vendorId, view.vendor);
  return { record: expense, people, derived: NOTHING_DERIVED, referenced, organisationUniqueId: view.organisationUniqueId };
}

const NOTHING_DERIVED: Readonly<Record<string, unknown>> = Object.freeze({});
