import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { createDataSource, dialectOf } from '../../../adapters/persistence/typeorm/data-source';
import { TypeOrmOrganisationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { TypeOrmSalesStageRepository } from '../../../adapters/persistence/typeorm/sales-stage/typeorm-sales-stage.repository';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { UuidV7Generator } from '../../../adapters/system/uuid-v7-generator';
import { Organisation } from '../../../domain/organisation/organisation';
import { Person } from '../../../domain/person/person';
import { testDatabases } from '../../support/databases';
import { FOUNDATION_FOR_TODAYS_REPOSITORIES } from '../../support/migrated-database';

const ids = new UuidV7Generator();
const box = new AesGcmSecretBox(randomBytes(32));
const FOUNDED = new Date('2025-06-01T09:30:00.000Z');

describe.each(testDatabases())('the default-pipeline migration on $name', (factory) => {
  it('gives organisations founded before sales stages existed the default pipeline, once', async () => {
    const target = await factory.create();
    const settings = { url: target.url, dataDir: target.dataDir, schema: target.schema };
    const full = createDataSource(settings);
    const before = new DataSource({ ...full.options, migrations: FOUNDATION_FOR_TODAYS_REPOSITORIES });
    const opened: DataSource[] = [];
    try {
      await before.initialize();
      opened.push(before);
      await before.runMigrations();
      const old = new TypeOrmDatabase(before, dialectOf(target.url));
      const founder = ids.next();
      await new TypeOrmPersonRepository(old, box).save(
        Person.register({ id: founder, uniqueId: founder, email: `${founder}@example.com`, firstName: 'Ada', lastName: 'Lovelace', now: FOUNDED }),
      );
      const organisation = Organisation.found({ id: ids.next(), uniqueId: 'old-org', name: 'Old Ltd', ownerId: founder, now: FOUNDED });
      await new TypeOrmOrganisationRepository(old, box).save(organisation);
      await before.destroy();
      opened.pop();

      await full.initialize();
      opened.push(full);
      await full.runMigrations({ transaction: 'each' });
      const stages = new TypeOrmSalesStageRepository(new TypeOrmDatabase(full, dialectOf(target.url)), box);
      const pipeline = await stages.list(organisation.id, { filters: {}, ordering: { field: 'position', descending: false }, page: { page: 1, pageSize: 100 } });

      expect(pipeline.items.map((s) => [s.uniqueId, s.name, s.probability.toString(), s.position, s.isClosedWon, s.isClosedLost])).toEqual([
        ['stage-new', 'New', '10.00', 0, false, false],
        ['stage-qualified', 'Qualified', '25.00', 1, false, false],
        ['stage-proposal', 'Proposal', '50.00', 2, false, false],
        ['stage-negotiation', 'Negotiation', '75.00', 3, false, false],
        ['stage-won', 'Won', '100.00', 4, true, false],
        ['stage-lost', 'Lost', '0.00', 5, false, true],
      ]);
      expect(pipeline.items.every((s) => s.snapshot().isActive && s.snapshot().dateCreated.getTime() === FOUNDED.getTime())).toBe(true);
      expect(await full.runMigrations()).toEqual([]);
      expect((await stages.list(organisation.id, { filters: {}, ordering: { field: 'position', descending: false }, page: { page: 1, pageSize: 100 } })).total).toBe(6);
    } finally {
      for (const dataSource of opened) await dataSource.destroy();
      await target.dispose();
    }
  });
});
