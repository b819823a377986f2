import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { emailKey, normaliseEmail } from '../../../../domain/person/email-address';
import { column as c, queryRunnerDialect, tableColumns } from '../columns';

interface StoredPerson {
  id: string;
  email: string;
  email_key: string;
}

/**
 * E-mail addresses are compared in Unicode's compatibility form (NFKC) from
 * now on (domain/person/email-address.ts): `ｋate@…` in full-width letters is
 * `kate@…`. Each person's address and key are rewritten by that rule.
 *
 * Where the rule makes several accounts one address, the account that logins
 * already reach (its key is unchanged) keeps the address, or else the oldest
 * does. The others are left exactly as they were, so nothing is lost, and are
 * listed in `email_collisions` beside the account that kept the address: no
 * e-mail typed from now on reaches them, and an operator decides (merge,
 * rename, close). docs/decisions/security.md says how.
 */
export class EmailNormalisation1763700000930 implements MigrationInterface {
  name = 'EmailNormalisation1763700000930';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunnerDialect(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'email_collisions',
        columns: tableColumns(dialect, {
          person_id: c.ref().primary(),
          kept_by_person_id: c.ref(),
          found_at: c.timestamp(),
        }),
        foreignKeys: [
          { columnNames: ['person_id'], referencedTableName: 'persons', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { columnNames: ['kept_by_person_id'], referencedTableName: 'persons', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );

    const people: StoredPerson[] = await queryRunner.query('SELECT id, email, email_key FROM persons ORDER BY date_created, id');
    const byKey = new Map<string, StoredPerson[]>();
    for (const person of people) {
      const key = emailKey(person.email);
      if (key === person.email_key && normaliseEmail(person.email) === person.email) continue;
      byKey.set(key, []);
    }
    // Every account that will answer to a changed key, including one whose key already is it.
    for (const person of people) byKey.get(emailKey(person.email))?.push(person);

    const now = new Date();
    for (const [key, group] of byKey) {
      const keeper = group.find((person) => person.email_key === key) ?? group[0];
      await update(queryRunner, keeper.id, { email: normaliseEmail(keeper.email), email_key: key });
      for (const other of group) {
        if (other === keeper) continue;
        await insert(queryRunner, { person_id: other.id, kept_by_person_id: keeper.id, found_at: now });
      }
    }
  }

  /** Addresses stay normalised: the earlier form is not recorded and NFKC is what users would expect anyway. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('email_collisions');
  }
}

async function update(queryRunner: QueryRunner, id: string, values: { email: string; email_key: string }): Promise<void> {
  const [sql, parameters] = queryRunner.connection.driver.escapeQueryWithParameters(
    'UPDATE persons SET email = :email, email_key = :email_key WHERE id = :id',
    { ...values, id },
  );
  await queryRunner.query(sql, parameters);
}

async function insert(queryRunner: QueryRunner, values: { person_id: string; kept_by_person_id: string; found_at: Date }): Promise<void> {
  const driver = queryRunner.connection.driver;
  // The engine's own timestamp form, as TypeORM writes the other timestamp columns.
  const type = queryRunnerDialect(queryRunner) === 'postgres' ? 'timestamptz' : 'datetime';
  const foundAt: unknown = driver.preparePersistentValue(values.found_at, { type } as ColumnMetadata);
  const [sql, parameters] = driver.escapeQueryWithParameters(
    'INSERT INTO email_collisions (person_id, kept_by_person_id, found_at) VALUES (:person_id, :kept_by_person_id, :found_at)',
    { ...values, found_at: foundAt },
  );
  await queryRunner.query(sql, parameters);
}
