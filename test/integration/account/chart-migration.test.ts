import { randomBytes } from 'node:crypto';
import { ACCOUNT_DECLARATION } from '../../../adapters/declaration/account/account.declaration';
import { TypeOrmDeclaredRecords } from '../../../adapters/persistence/typeorm/declared/typeorm-declared.repository';
import { createDataSource } from '../../../adapters/persistence/typeorm/data-source';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { TypeOrmOrganisationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { Account } from '../../../domain/account/account';
import { DEFAULT_CHART_OF_ACCOUNTS } from '../../../domain/account/default-chart';
import { Organisation } from '../../../domain/organisation/organisation';
import { Person } from '../../../domain/person/person';
import { testDatabases } from '../../support/databases';
import { FOUNDATION_FOR_TODAYS_REPOSITORIES, openMigratedDatabase } from '../../support/migrated-database';

const NOW = new Date('2025-06-01T08:00:00.000Z');

describe.each(testDatabases())('the chart-of-accounts migration on $name', (factory) => {
  it('gives every organisation founded before it the default chart', async () => {
    const database = await factory.create();
    const settings = { url: database.url, dataDir: database.dataDir, schema: database.schema };
    const box = new AesGcmSecretBox(randomBytes(32));

    // The database as it was before accounts existed, with two organisations in it.
    const before = createDataSource(settings).setOptions({ migrations: FOUNDATION_FOR_TODAYS_REPOSITORIES });
    await before.initialize();
    await before.runMigrations({ transaction: 'each' });
    const db = new TypeOrmDatabase(before, database.name);
    const founded: Organisation[] = [];
    for (const name of ['Early', 'Earlier']) {
      const owner = Person.register({ id: `p-${name}`, uniqueId: `p-${name}`, email: `${name}@example.com`, firstName: 'A', lastName: 'B', now: NOW });
      await new TypeOrmPersonRepository(db, box).save(owner);
      const organisation = Organisation.found({ id: `o-${name}`, uniqueId: `o-${name}`, name, ownerId: owner.id, now: NOW });
      await new TypeOrmOrganisationRepository(db, box).save(organisation);
      founded.push(organisation);
    }
    await before.destroy();

    const after = await openMigratedDatabase(database);
    try {
      const accounts = new TypeOrmDeclaredRecords<Account>(after.db, box, ACCOUNT_DECLARATION);
      for (const organisation of founded) {
        const chart = await accounts.list(organisation.id, { filters: {}, ordering: { field: 'account_code', descending: false }, page: { page: 1, pageSize: 100 } });
        expect(chart.items.map((a) => [a.uniqueId, a.accountCode, a.name, a.accountType, a.isActive])).toEqual(
          DEFAULT_CHART_OF_ACCOUNTS.map((entry) => [`acct-${entry.code}`, entry.code, entry.name, entry.type, true]),
        );
        const snapshot = chart.items[0].snapshot();
        expect(snapshot.dateCreated).toBeInstanceOf(Date);
        expect(Number.isNaN(snapshot.dateCreated.getTime())).toBe(false);
        expect(snapshot.description).toBeNull();
      }
      const ids = (await accounts.list(founded[0].id, { filters: {}, ordering: { field: 'account_code', descending: false }, page: { page: 1, pageSize: 100 } })).items.map((a) => a.id);
      const others = (await accounts.list(founded[1].id, { filters: {}, ordering: { field: 'account_code', descending: false }, page: { page: 1, pageSize: 100 } })).items.map((a) => a.id);
      expect(new Set([...ids, ...others]).size).toBe(ids.length + others.length);
    } finally {
      await after.close();
      await database.dispose();
    }
  });
});
