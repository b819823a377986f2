import { randomBytes } from 'node:crypto';
import { OneOpenInvitation1763700000940 } from '../../../adapters/persistence/typeorm/migrations/1763700000940-one-open-invitation';
import { TypeOrmInvitationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-invitation.repository';
import { TypeOrmOrganisationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { Invitation } from '../../../domain/organisation/invitation';
import { Organisation } from '../../../domain/organisation/organisation';
import { Person } from '../../../domain/person/person';
import { ConcurrentModification } from '../../../domain/shared/errors';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

const box = new AesGcmSecretBox(randomBytes(32));
const day = (n: number) => new Date(Date.UTC(2026, 3, n));

describe.each(testDatabases())('the one-open-invitation migration on $name', (factory) => {
  it('keys invitations by address, keeps the newest open one per address, and then refuses a second', async () => {
    const target = await factory.create();
    const { db, close } = await openMigratedDatabase(target);
    try {
      await new TypeOrmPersonRepository(db, box).save(
        Person.register({ id: 'owner', uniqueId: 'owner', email: 'owner@example.com', firstName: 'O', lastName: 'W', now: day(1) }),
      );
      await new TypeOrmOrganisationRepository(db, box).save(Organisation.found({ id: 'o', uniqueId: 'o', name: 'Old Ltd', ownerId: 'owner', now: day(1) }));
      const invitations = new TypeOrmInvitationRepository(db);
      const invite = (id: string, email: string, on: number) =>
        Invitation.issue({ id, uniqueId: id, organisationId: 'o', email, role: 'member', tokenHash: id, invitedById: 'owner', now: day(on) });

      const migration = new OneOpenInvitation1763700000940();
      const runner = db.dataSource.createQueryRunner();
      try {
        // As older versions could leave them: several open invitations to one address.
        await migration.down(runner);
        for (const [id, email, on] of [['first', 'dup@example.com', 2], ['second', 'DUP@example.com', 3], ['third', 'ｄｕｐ@example.com', 4], ['other', 'other@example.com', 2]] as const) {
          await runner.query(
            ...db.dataSource.driver.escapeQueryWithParameters(
              'INSERT INTO invitations (id, unique_id, organisation_id, email, role, token_hash, invited_by_id, expires_at, date_created) VALUES (:id, :id, :org, :email, :role, :id, :by, :expires, :created)',
              { id, org: 'o', email, role: 'member', by: 'owner', expires: timestamp(db.dataSource.options.type, day(on + 7)), created: timestamp(db.dataSource.options.type, day(on)) },
            ),
          );
        }
        await migration.up(runner);
      } finally {
        await runner.release();
      }

      const left = await invitations.listForOrganisation('o');
      expect(left.map((i) => i.snapshot().uniqueId).sort()).toEqual(['other', 'third']);
      await expect(invitations.save(invite('fourth', 'Dup@Example.com', 5))).rejects.toBeInstanceOf(ConcurrentModification);
      const accepted = (await invitations.findByUniqueId('o', 'third'))!;
      accepted.accept('owner', day(5));
      await invitations.save(accepted);
      await expect(invitations.save(invite('fourth', 'Dup@Example.com', 5))).resolves.toBeUndefined();
    } finally {
      await close();
      await target.dispose();
    }
  });
});

/** A timestamp as each engine's column takes it in a raw insert. */
function timestamp(type: string, at: Date): string | Date {
  return type === 'postgres' ? at : at.toISOString().replace('T', ' ').replace('Z', '');
}
