import { Account } from '../../domain/account/account';
import { Project } from '../../domain/project/project';
import { Expense, ExpenseChanges, ExpenseSnapshot } from '../../domain/expense/expense';
import { KeptFiles, RecordKind, ReferencedRecords } from '../records/record-kind';
import { PersonRepository } from '../person/person.ports';
import { IncomingFile } from '../shared/incoming-file';

export const ACCOUNT_INACTIVE = 'This account is inactive; book the expense to an active account.';
export const PROJECT_CLOSED = 'This project takes no new expenses; book the expense to a planned or active project.';

/**
 * What a member writes on an expense: its account, vendor and employee by
 * unique_id (the record service resolves them), its receipt as an uploaded
 * file (stored before the write; null removes it). Left-out fields are not changed.
 */
export type ExpenseCommand = Omit<ExpenseChanges, 'receipt'> & { receipt?: IncomingFile | null };

type RequiredFields = 'title' | 'expenseNumber' | 'accountId' | 'expenseDate' | 'amount';

export type NewExpenseCommand = ExpenseCommand & Required<Pick<ExpenseCommand, RequiredFields>>;

/** A new expense's command once its upload is stored: what the kind makes it from. */
type NewExpense = ExpenseChanges & Required<Pick<ExpenseChanges, RequiredFields>>;

/** Where an expense's references are found: the chart of accounts, the vendors, the organisation's members, its projects. */
export interface ExpenseReferences {
  accounts: ReferencedRecords;
  vendors: ReferencedRecords;
  people: PersonRepository;
  projects: ReferencedRecords;
}

/**
 * Expenses (spec Part 4, contract section 6): any member records, changes and
 * deletes them, the caller being their creator; a change or a delete only
 * while the expense is a draft or rejected and dated on or after the
 * organisation's lock date (else 409 `locked`, before its input is looked at).
 * An account it is booked to must be active, and a project planned or
 * active, unless the expense already is booked to it.
 * Its receipt is a stored file; its workflow moves by its actions
 * (ApplyExpenseAction), announced as their own events.
 */
export function expenseKind(references: ExpenseReferences, receipts: KeptFiles): RecordKind<Expense, ExpenseSnapshot, NewExpense, ExpenseChanges> {
  const { accounts, vendors, people, projects } = references;
  return {
    names: { one: 'expense', many: 'expenses' },
    roles: { read: 'member', write: 'member' },
    events: true,
    references: {
      accountId: {
        findByUniqueId: (organisationId, uniqueId) => accounts.findByUniqueId(organisationId, uniqueId),
        findByIds: (organisationId, ids) => accounts.findByIds(organisationId, ids),
        refuses: (account, current) => (!(account as Account).isActive && account.id !== (current as ExpenseSnapshot | undefined)?.accountId ? ACCOUNT_INACTIVE : undefined),
      },
      vendorId: vendors,
      projectId: {
        findByUniqueId: (organisationId, uniqueId) => projects.findByUniqueId(organisationId, uniqueId),
        findByIds: (organisationId, ids) => projects.findByIds(organisationId, ids),
        refuses: (project, current) =>
          !(project as Project).takesNewExpenses && project.id !== (current as ExpenseSnapshot | undefined)?.projectId ? PROJECT_CLOSED : undefined,
      },
      // The employee is a member of the organisation.
      employeeId: {
        findByUniqueId: (organisationId, uniqueId) => people.findMemberByUniqueId(organisationId, uniqueId),
        findByIds: (_organisationId, ids) => people.findByIds(ids),
      },
    },
    files: { receipt: receipts },
    create: (command, { id, uniqueId, organisation, actor, now }) =>
      Expense.create(
        Object.assign({}, command, { id, uniqueId, organisationId: organisation.id, createdById: actor.personId, lockDate: organisation.financialYearLockDate, now }),
      ),
    beforeChange: (expense, { organisation }) => expense.assertEditable(organisation.financialYearLockDate),
    update: (expense, changes, now, { organisation }) => expense.edit(changes, now, organisation.financialYearLockDate),
    beforeDelete: async (_organisationId, expense, { organisation }) => expense.assertDeletable(organisation.financialYearLockDate),
  };
}
