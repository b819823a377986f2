import { randomBytes } from 'node:crypto';
import { ACCOUNT_DECLARATION } from '../../../adapters/declaration/account/account.declaration';
import { InMemoryDeclaredRecords } from '../../../adapters/persistence/in-memory/in-memory-declared-records';
import { InMemoryExpenseRepository } from '../../../adapters/persistence/in-memory/in-memory-expense.repository';
import { InMemoryUnitOfWork } from '../../../adapters/persistence/in-memory/in-memory-unit-of-work';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { TypeOrmExpenseRepository } from '../../../adapters/persistence/typeorm/expense/typeorm-expense.repository';
import {
  TypeOrmMembershipRepository,
  TypeOrmOrganisationRepository,
} from '../../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { UuidV7Generator } from '../../../adapters/system/uuid-v7-generator';
import { AccountRepository } from '../../../application/account/account.ports';
import { ExpenseRepository } from '../../../application/expense/expense.ports';
import { UnitOfWork } from '../../../application/shared/ports';
import { Account } from '../../../domain/account/account';
import { seedDefaultChart } from '../../../domain/account/default-chart';
import { TypeOrmDeclaredRecords } from '../../../adapters/persistence/typeorm/declared/typeorm-declared.repository';
import { VENDOR_DECLARATION } from '../../../adapters/declaration/supplier/vendor.declaration';
import { PROJECT_DECLARATION } from '../../../adapters/declaration/project/project.declaration';
import { Project } from '../../../domain/project/project';
import { Vendor } from '../../../domain/supplier/vendor';
import { Organisation } from '../../../domain/organisation/organisation';
import { Person } from '../../../domain/person/person';
import { aDraft } from '../../unit/domain/expense/expense.mother';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

const ids = new UuidV7Generator();
const NOW = new Date('2026-01-10T09:00:00.000Z');

/** An organisation with its owner, one member and the default chart, by account code. */
export interface OrganisationFixture {
  organisationId: string;
  ownerId: string;
  memberId: string;
  accounts: Map<string, Account>;
}

/** A new draft expense of the fixture's organisation, by its owner, on account 6300 unless `overrides` say otherwise. */
export function aDraftIn(org: OrganisationFixture, overrides: Parameters<typeof aDraft>[0] = {}) {
  return aDraft({
    id: ids.next(),
    uniqueId: ids.next(),
    expenseNumber: ids.next(),
    organisationId: org.organisationId,
    createdById: org.ownerId,
    accountId: org.accounts.get('6300')!.id,
    ...overrides,
  });
}

export interface OpenStorage {
  accounts: AccountRepository;
  expenses: ExpenseRepository;
  unitOfWork: UnitOfWork;
  /** The SQL targets' database handle. */
  db?: TypeOrmDatabase;
  newOrganisation(): Promise<OrganisationFixture>;
  /** Vendors with these internal ids, for expenses to name (the database holds them to it). */
  addVendors(organisation: OrganisationFixture, vendorIds: string[]): Promise<void>;
  /** Projects with these internal ids, for expenses to name (Postgres holds them to it). */
  addProjects(organisation: OrganisationFixture, projectIds: string[]): Promise<void>;
  close(): Promise<void>;
}

export interface StorageTarget {
  name: string;
  open(): Promise<OpenStorage>;
}

/** The account and expense repositories on every storage: in memory, SQLite, and Postgres when configured. */
export function storageTargets(): StorageTarget[] {
  return [{ name: 'in-memory', open: openInMemory }, ...sqlTargets()];
}

export function sqlTargets(): StorageTarget[] {
  return testDatabases().map((factory) => ({
    name: factory.name,
    open: async () => {
      const database = await factory.create();
      const { db, close } = await openMigratedDatabase(database);
      const box = new AesGcmSecretBox(randomBytes(32));
      const people = new TypeOrmPersonRepository(db, box);
      const organisations = new TypeOrmOrganisationRepository(db, box);
      const memberships = new TypeOrmMembershipRepository(db);
      const accounts = new TypeOrmDeclaredRecords<Account>(db, box, ACCOUNT_DECLARATION);
      const vendors = new TypeOrmDeclaredRecords<Vendor>(db, box, VENDOR_DECLARATION);
      const projects = new TypeOrmDeclaredRecords<Project>(db, box, PROJECT_DECLARATION);
      return {
        accounts,
        expenses: new TypeOrmExpenseRepository(db, box),
        unitOfWork: db,
        db,
        newOrganisation: async () => {
          const [owner, member] = [aPerson(), aPerson()];
          await people.save(owner);
          await people.save(member);
          const organisation = Organisation.found({ id: ids.next(), uniqueId: ids.next(), name: 'Acme', ownerId: owner.id, now: NOW });
          await organisations.save(organisation);
          await memberships.add({ organisationId: organisation.id, personId: owner.id, role: 'owner', dateJoined: NOW });
          await memberships.add({ organisationId: organisation.id, personId: member.id, role: 'member', dateJoined: NOW });
          return withChart(accounts, organisation.id, owner.id, member.id);
        },
        addVendors: async ({ organisationId, ownerId }, vendorIds) => {
          for (const id of vendorIds) {
            await vendors.save(Vendor.create({ id, uniqueId: id, organisationId, name: `Vendor ${id}`, organisationCurrency: 'USD', createdById: ownerId, now: NOW }));
          }
        },
        addProjects: async ({ organisationId, ownerId }, projectIds) => {
          for (const id of projectIds) {
            await projects.save(Project.create({ id, uniqueId: id, organisationId, name: `Project ${id}`, defaultCurrency: 'USD', createdById: ownerId, now: NOW }));
          }
        },
        close: async () => {
          await close();
          await database.dispose();
        },
      };
    },
  }));
}

async function openInMemory(): Promise<OpenStorage> {
  const accounts = new InMemoryDeclaredRecords<Account>(ACCOUNT_DECLARATION);
  return {
    accounts,
    expenses: new InMemoryExpenseRepository(),
    unitOfWork: new InMemoryUnitOfWork(),
    newOrganisation: () => withChart(accounts, ids.next(), ids.next(), ids.next()),
    addVendors: async () => undefined,
    addProjects: async () => undefined,
    close: async () => undefined,
  };
}

async function withChart(accounts: AccountRepository, organisationId: string, ownerId: string, memberId: string) {
  const chart = seedDefaultChart({ organisationId, nextId: () => ids.next(), now: NOW });
  await accounts.addAll(chart);
  return { organisationId, ownerId, memberId, accounts: new Map(chart.map((account) => [account.accountCode, account])) };
}

function aPerson(): Person {
  const id = ids.next();
  return Person.register({ id, uniqueId: id, email: `${id}@example.com`, firstName: 'Test', lastName: 'Person', now: NOW });
}
