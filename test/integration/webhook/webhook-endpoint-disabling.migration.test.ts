import { randomBytes } from 'node:crypto';
import { WebhookEndpointDisabling1763700001060 } from '../../../adapters/persistence/typeorm/migrations/1763700001060-webhook-endpoint-disabling';
import { TypeOrmOrganisationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { TypeOrmWebhookEndpointRepository } from '../../../adapters/persistence/typeorm/webhook/typeorm-webhook-endpoint.repository';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { UuidV7Generator } from '../../../adapters/system/uuid-v7-generator';
import { Organisation } from '../../../domain/organisation/organisation';
import { Person } from '../../../domain/person/person';
import { WebhookEndpoint } from '../../../domain/webhook/webhook-endpoint';
import { testDatabases } from '../../support/databases';
import { openMigratedDatabase } from '../../support/migrated-database';

const ids = new UuidV7Generator();
const box = new AesGcmSecretBox(randomBytes(32));
const NOW = new Date('2026-04-01T10:00:00.000Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
const policy = { allowLocalHttp: false };

describe.each(testDatabases())('the webhook-endpoint-disabling migration on $name', (factory) => {
  it('tells existing inactive endpoints since when and why: their failures, or their owner', async () => {
    const target = await factory.create();
    const { db, close } = await openMigratedDatabase(target);
    try {
      const person = ids.next();
      await new TypeOrmPersonRepository(db, box).save(
        Person.register({ id: person, uniqueId: person, email: `${person}@example.com`, firstName: 'Ada', lastName: 'Lovelace', now: NOW }),
      );
      const organisation = Organisation.found({ id: ids.next(), uniqueId: ids.next(), name: 'Old Ltd', ownerId: person, now: NOW });
      await new TypeOrmOrganisationRepository(db, box).save(organisation);
      const endpoints = new TypeOrmWebhookEndpointRepository(db, box);
      const endpoint = (uniqueId: string) =>
        WebhookEndpoint.create(
          { id: ids.next(), uniqueId, organisationId: organisation.id, url: 'https://hooks.example.com/in', events: ['vendor.created'], sealedSecret: box.seal('whsec_x'), now: NOW, endpointsInOrganisation: 0 },
          policy,
        );
      const active = endpoint('active');
      active.recordFailure(at(1));
      const paused = endpoint('paused');
      paused.change({ isActive: false }, policy, at(2));
      const failed = endpoint('failed');
      failed.recordFailure(at(1));
      failed.recordFailure(at(1 + 72));
      for (const each of [active, paused, failed]) await endpoints.save(each);

      const migration = new WebhookEndpointDisabling1763700001060();
      const runner = db.dataSource.createQueryRunner();
      try {
        await migration.down(runner);
        await migration.up(runner);
      } finally {
        await runner.release();
      }

      const read = async (of: WebhookEndpoint) => (await endpoints.findById(of.id))?.snapshot();
      expect(await read(active)).toEqual(active.snapshot());
      expect(await read(paused)).toEqual(paused.snapshot());
      expect(await read(failed)).toEqual(failed.snapshot());
      expect(await read(paused)).toMatchObject({ disabledAt: at(2), disabledReason: 'owner' });
      expect(await read(failed)).toMatchObject({ disabledAt: at(73), disabledReason: 'delivery_failures' });
      expect(await read(active)).toMatchObject({ disabledAt: null, disabledReason: null });
    } finally {
      await close();
      await target.dispose();
    }
  });
});
