import { randomBytes } from 'node:crypto';
import { CONTACT_GROUP_DECLARATION } from '../../../adapters/declaration/contact/contact-group.declaration';
import { TypeOrmContactRepository } from '../../../adapters/persistence/typeorm/contact/typeorm-contact.repository';
import { TypeOrmDeclaredRecords } from '../../../adapters/persistence/typeorm/declared/typeorm-declared.repository';
import { ContactSortKeys1763700000700 } from '../../../adapters/persistence/typeorm/migrations/1763700000700-contact-sort-keys';
import { TypeOrmOrganisationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { PARENT_FILTER } from '../../../application/records/record.ports';
import { Contact } from '../../../domain/contact/contact';
import { ContactGroup } from '../../../domain/contact/contact-group';
import { Organisation } from '../../../domain/organisation/organisation';
import { Person } from '../../../domain/person/person';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

const box = new AesGcmSecretBox(randomBytes(32));
const NOW = new Date('2026-04-01T10:00:00.000Z');
const PAGE = { page: 1, pageSize: 100 };

describe.each(testDatabases())('the contact sort-key migration on $name', (factory) => {
  it('gives the rows it finds their keys by the JavaScript rule (not SQL LOWER), a missing last name as empty', async () => {
    const target = await factory.create();
    const { db, close } = await openMigratedDatabase(target);
    try {
      await new TypeOrmPersonRepository(db, box).save(
        Person.register({ id: 'p', uniqueId: 'p', email: 'p@example.com', firstName: 'Ada', lastName: 'Lovelace', now: NOW }),
      );
      await new TypeOrmOrganisationRepository(db, box).save(Organisation.found({ id: 'o', uniqueId: 'o', name: 'Old Ltd', ownerId: 'p', now: NOW }));
      const groups = new TypeOrmDeclaredRecords<ContactGroup>(db, box, CONTACT_GROUP_DECLARATION);
      const contacts = new TypeOrmContactRepository(db, box);
      const group = (id: string, name: string) => ContactGroup.create({ id, uniqueId: id, organisationId: 'o', name, now: NOW });
      for (const [id, name] of [['g-1', 'Équipe'], ['g-2', 'zulu'], ['g-3', 'ÅLAND'], ['g-4', 'alpha']]) await groups.save(group(id, name));
      const listed = (await groups.findByUniqueId('o', 'g-1'))!;
      for (const [id, firstName, lastName] of [['c-1', 'Émile', 'Östen'], ['c-2', 'eve', null], ['c-3', 'åke', 'ÅBERG']] as const) {
        await contacts.save(Contact.create({ id, uniqueId: id, group: listed, createdById: 'p', firstName, lastName, now: NOW }));
      }

      // Back to the tables as they were, then forward: the rows are kept and their keys derived again.
      const migration = new ContactSortKeys1763700000700();
      const runner = db.dataSource.createQueryRunner();
      try {
        await migration.down(runner);
        expect((await runner.getTable('contacts'))?.findColumnByName('first_name_key')).toBeUndefined();
        await migration.up(runner);
      } finally {
        await runner.release();
      }

      const groupKeys = await db.dataSource.query('SELECT id, name_key FROM contact_groups ORDER BY id');
      expect(groupKeys).toEqual([
        { id: 'g-1', name_key: 'équipe' },
        { id: 'g-2', name_key: 'zulu' },
        { id: 'g-3', name_key: 'åland' },
        { id: 'g-4', name_key: 'alpha' },
      ]);
      const contactKeys = await db.dataSource.query('SELECT id, first_name_key, last_name_key FROM contacts ORDER BY id');
      expect(contactKeys).toEqual([
        { id: 'c-1', first_name_key: 'émile', last_name_key: 'östen' },
        { id: 'c-2', first_name_key: 'eve', last_name_key: '' },
        { id: 'c-3', first_name_key: 'åke', last_name_key: 'åberg' },
      ]);
      const byName = await groups.list('o', { filters: {}, ordering: { field: 'name', descending: false }, page: PAGE });
      expect(byName.items.map((g) => g.name)).toEqual(['alpha', 'zulu', 'ÅLAND', 'Équipe']);
      const byLastName = await contacts.list('o', {
        filters: { [PARENT_FILTER]: listed.id },
        ordering: { field: 'last_name', descending: false },
        page: PAGE,
      });
      expect(byLastName.items.map((c) => c.snapshot().firstName)).toEqual(['eve', 'åke', 'Émile']);
    } finally {
      await close();
      await target.dispose();
    }
  });
});
