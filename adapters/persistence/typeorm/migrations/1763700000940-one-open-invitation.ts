import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { emailKey } from '../../../../domain/person/email-address';
import { column as c } from '../columns';
import { addColumn, dropAddedColumn } from './migration-columns';

const OPEN_INVITATION_INDEX = new TableIndex({
  name: 'uq_invitations_open_email',
  columnNames: ['organisation_id', 'email_key'],
  isUnique: true,
  where: 'accepted_at IS NULL',
});

interface StoredInvitation {
  id: string;
  organisation_id: string;
  email: string;
}

/**
 * An address has one open (unaccepted) invitation per organisation, now
 * enforced by the database too: two invitations sent at the same instant on
 * Postgres could both stay open. Invitations get the address's key (NFKC,
 * lower-cased, as accounts have), and of several open ones to one address
 * only the newest is kept, as sending it would have replaced the others.
 */
export class OneOpenInvitation1763700000940 implements MigrationInterface {
  name = 'OneOpenInvitation1763700000940';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addColumn(queryRunner, 'invitations', 'email_key', c.varchar(254).withDefault("''"));
    const invitations: StoredInvitation[] = await queryRunner.query(
      'SELECT id, organisation_id, email FROM invitations ORDER BY date_created DESC, id DESC',
    );
    const driver = queryRunner.connection.driver;
    for (const invitation of invitations) {
      const [sql, parameters] = driver.escapeQueryWithParameters('UPDATE invitations SET email_key = :key WHERE id = :id', {
        key: emailKey(invitation.email),
        id: invitation.id,
      });
      await queryRunner.query(sql, parameters);
    }
    const open: StoredInvitation[] = await queryRunner.query(
      'SELECT id, organisation_id, email FROM invitations WHERE accepted_at IS NULL ORDER BY date_created DESC, id DESC',
    );
    const newest = new Set<string>();
    for (const invitation of open) {
      const address = `${invitation.organisation_id} ${emailKey(invitation.email)}`;
      if (!newest.has(address)) {
        newest.add(address);
        continue;
      }
      const [sql, parameters] = driver.escapeQueryWithParameters('DELETE FROM invitations WHERE id = :id', { id: invitation.id });
      await queryRunner.query(sql, parameters);
    }
    await queryRunner.createIndex('invitations', OPEN_INVITATION_INDEX);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('invitations', OPEN_INVITATION_INDEX);
    await dropAddedColumn(queryRunner, 'invitations', 'email_key');
  }
}
