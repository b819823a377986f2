import { randomBytes } from 'node:crypto';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { EmailNormalisation1763700000930 } from '../../../adapters/persistence/typeorm/migrations/1763700000930-email-normalisation';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { Person } from '../../../domain/person/person';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

const box = new AesGcmSecretBox(randomBytes(32));

/** Before migration 930 an address was stored as typed (trimmed) and keyed by plain lower-casing. */
const EARLIER_PEOPLE: [id: string, email: string, joined: string][] = [
  ['full-width-kate', 'ｋａｔｅ@example.com', '2026-01-01T00:00:00Z'],
  ['kate', 'kate@example.com', '2026-02-01T00:00:00Z'],
  ['fiona', 'Ｆｉｏｎａ@Example.com', '2026-01-15T00:00:00Z'],
  ['first-jo', 'ｊo@example.com', '2026-01-10T00:00:00Z'],
  ['second-jo', 'Jｏ@example.com', '2026-01-20T00:00:00Z'],
  ['ada', 'Ada@example.com', '2026-01-05T00:00:00Z'],
];

async function storeAsBefore(db: TypeOrmDatabase): Promise<void> {
  const people = new TypeOrmPersonRepository(db, box);
  for (const [id, , joined] of EARLIER_PEOPLE) {
    await people.save(Person.register({ id, uniqueId: id, email: `${id}@placeholder.test`, firstName: id, lastName: 'Earlier', now: new Date(joined) }));
  }
  for (const [id, email] of EARLIER_PEOPLE) {
    const update = db.sql('UPDATE persons SET email = :email, email_key = :key WHERE id = :id', { email, key: email.toLowerCase(), id });
    await db.dataSource.query(update.sql, update.parameters);
  }
}

describe.each(testDatabases())('the e-mail normalisation migration on $name', (factory) => {
  it('rewrites addresses in compatibility form, keeps each address for the account logins reach, and lists the others', async () => {
    const target = await factory.create();
    const { db, close } = await openMigratedDatabase(target);
    try {
      await storeAsBefore(db);

      const migration = new EmailNormalisation1763700000930();
      const runner = db.dataSource.createQueryRunner();
      try {
        await migration.down(runner);
        await migration.up(runner);
      } finally {
        await runner.release();
      }

      const rows: { id: string; email: string; email_key: string }[] = await db.dataSource.query('SELECT id, email, email_key FROM persons ORDER BY id');
      expect(rows).toEqual([
        { id: 'ada', email: 'Ada@example.com', email_key: 'ada@example.com' },
        { id: 'fiona', email: 'Fiona@Example.com', email_key: 'fiona@example.com' },
        // Both half full-width Jos now read jo@example.com: the older keeps it.
        { id: 'first-jo', email: 'jo@example.com', email_key: 'jo@example.com' },
        // Left exactly as it was: nothing is lost, and an operator decides.
        { id: 'full-width-kate', email: 'ｋａｔｅ@example.com', email_key: 'ｋａｔｅ@example.com' },
        // kate@example.com is who a login for that address reached already, though younger.
        { id: 'kate', email: 'kate@example.com', email_key: 'kate@example.com' },
        { id: 'second-jo', email: 'Jｏ@example.com', email_key: 'jｏ@example.com' },
      ]);
      const collisions = await db.dataSource.query('SELECT person_id, kept_by_person_id FROM email_collisions ORDER BY person_id');
      expect(collisions).toEqual([
        { person_id: 'full-width-kate', kept_by_person_id: 'kate' },
        { person_id: 'second-jo', kept_by_person_id: 'first-jo' },
      ]);

      const people = new TypeOrmPersonRepository(db, box);
      expect((await people.findByEmail('ｋａｔｅ@example.com'))?.id).toBe('kate');
      expect((await people.findByEmail('ＪＯ@example.com'))?.id).toBe('first-jo');
      expect((await people.findByEmail('fiona@example.com'))?.id).toBe('fiona');
    } finally {
      await close();
      await target.dispose();
    }
  });
});
