import { randomBytes } from 'node:crypto';
import { ACCOUNT_DECLARATION } from '../../../adapters/declaration/account/account.declaration';
import { PROJECT_DECLARATION } from '../../../adapters/declaration/project/project.declaration';
import { TypeOrmDeclaredRecords } from '../../../adapters/persistence/typeorm/declared/typeorm-declared.repository';
import { TypeOrmExpenseRepository } from '../../../adapters/persistence/typeorm/expense/typeorm-expense.repository';
import { Projects1763700001070 } from '../../../adapters/persistence/typeorm/migrations/1763700001070-projects';
import { ExpenseProject1763700001071 } from '../../../adapters/persistence/typeorm/migrations/1763700001071-expense-project';
import { TypeOrmOrganisationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { UuidV7Generator } from '../../../adapters/system/uuid-v7-generator';
import { Account } from '../../../domain/account/account';
import { seedDefaultChart } from '../../../domain/account/default-chart';
import { Organisation } from '../../../domain/organisation/organisation';
import { Person } from '../../../domain/person/person';
import { Project } from '../../../domain/project/project';
import { aDraft } from '../../unit/domain/expense/expense.mother';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

const ids = new UuidV7Generator();
const box = new AesGcmSecretBox(randomBytes(32));
const NOW = new Date('2026-04-01T10:00:00.000Z');

describe.each(testDatabases())('the projects migrations on $name', (factory) => {
  it('go down and up again, keeping the expenses; the projects are then kept and searched by name and code', async () => {
    const target = await factory.create();
    const { db, close } = await openMigratedDatabase(target);
    try {
      const person = ids.next();
      await new TypeOrmPersonRepository(db, box).save(
        Person.register({ id: person, uniqueId: person, email: `${person}@example.com`, firstName: 'Ada', lastName: 'Lovelace', now: NOW }),
      );
      const organisation = Organisation.found({ id: ids.next(), uniqueId: ids.next(), name: 'Old Ltd', ownerId: person, now: NOW });
      await new TypeOrmOrganisationRepository(db, box).save(organisation);
      const chart = seedDefaultChart({ organisationId: organisation.id, nextId: () => ids.next(), now: NOW });
      await new TypeOrmDeclaredRecords<Account>(db, box, ACCOUNT_DECLARATION).addAll(chart);
      const expenses = new TypeOrmExpenseRepository(db, box);
      const expense = aDraft({ id: ids.next(), uniqueId: 'before', expenseNumber: 'B-1', organisationId: organisation.id, createdById: person, accountId: chart[0].id });
      await expenses.save(expense);

      const runner = db.dataSource.createQueryRunner();
      try {
        await new ExpenseProject1763700001071().down(runner);
        await new Projects1763700001070().down(runner);
        await new Projects1763700001070().up(runner);
        await new ExpenseProject1763700001071().up(runner);
      } finally {
        await runner.release();
      }

      expect((await expenses.findByUniqueId(organisation.id, 'before'))?.snapshot()).toEqual(expense.snapshot());
      const projects = new TypeOrmDeclaredRecords<Project>(db, box, PROJECT_DECLARATION);
      const project = Project.create({ id: ids.next(), uniqueId: 'fit', organisationId: organisation.id, name: 'Office Fit-out', code: 'OFF-2026', defaultCurrency: 'EUR', createdById: person, now: NOW });
      await projects.save(project);
      const search = async (term: string) =>
        (await projects.list(organisation.id, { filters: { search: term }, ordering: { field: 'name', descending: false }, page: { page: 1, pageSize: 10 } })).items.map((p) => p.uniqueId);
      expect(await search('FIT-OUT')).toEqual(['fit']);
      expect(await search('f-20')).toEqual(['fit']);
      expect(await search('nothing')).toEqual([]);
      expect((await projects.findByUniqueId(organisation.id, 'fit'))?.snapshot()).toEqual(project.snapshot());
    } finally {
      await close();
      await target.dispose();
    }
  });
});
