import { randomBytes } from 'node:crypto';
import { InvitationDelivery1763700000600 } from '../../../adapters/persistence/typeorm/migrations/1763700000600-invitation-delivery';
import { TypeOrmInvitationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-invitation.repository';
import { TypeOrmOrganisationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { UuidV7Generator } from '../../../adapters/system/uuid-v7-generator';
import { Invitation } from '../../../domain/organisation/invitation';
import { Organisation } from '../../../domain/organisation/organisation';
import { Person } from '../../../domain/person/person';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

const ids = new UuidV7Generator();
const box = new AesGcmSecretBox(randomBytes(32));
const NOW = new Date('2026-04-01T10:00:00.000Z');

describe.each(testDatabases())('the invitation-delivery migration on $name', (factory) => {
  it('keeps existing invitations (unsent) when applied again, and leaves the other columns nullable', async () => {
    const target = await factory.create();
    const { db, close } = await openMigratedDatabase(target);
    try {
      const person = ids.next();
      await new TypeOrmPersonRepository(db, box).save(
        Person.register({ id: person, uniqueId: person, email: `${person}@example.com`, firstName: 'Ada', lastName: 'Lovelace', now: NOW }),
      );
      const organisation = Organisation.found({ id: ids.next(), uniqueId: ids.next(), name: 'Old Ltd', ownerId: person, now: NOW });
      await new TypeOrmOrganisationRepository(db, box).save(organisation);
      const invitations = new TypeOrmInvitationRepository(db);
      const invite = (email: string) =>
        Invitation.issue({ id: ids.next(), uniqueId: email, organisationId: organisation.id, email, role: 'member', tokenHash: email, invitedById: person, now: NOW });
      const old = invite('old@example.com');
      old.markSent(NOW);
      await invitations.save(old);

      const migration = new InvitationDelivery1763700000600();
      const runner = db.dataSource.createQueryRunner();
      try {
        await migration.down(runner);
        await migration.up(runner);
      } finally {
        await runner.release();
      }

      expect((await invitations.findByUniqueId(organisation.id, 'old@example.com'))?.snapshot()).toEqual({ ...old.snapshot(), sentAt: null });
      const fresh = invite('fresh@example.com');
      await invitations.save(fresh);
      expect((await invitations.findByTokenHash('fresh@example.com'))?.snapshot()).toEqual(fresh.snapshot());
      await expect(invitations.save(invite('old@example.com'))).rejects.toThrow();
    } finally {
      await close();
      await target.dispose();
    }
  });
});
