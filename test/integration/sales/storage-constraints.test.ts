import { randomBytes } from 'node:crypto';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { TypeOrmDeclaredRecords } from '../../../adapters/persistence/typeorm/declared/typeorm-declared.repository';
import { VENDOR_DECLARATION } from '../../../adapters/declaration/supplier/vendor.declaration';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { Client } from '../../../domain/client/client';
import { Lead } from '../../../domain/lead/lead';
import { SalesStage } from '../../../domain/sales-stage/sales-stage';
import { ConcurrentModification, InUse } from '../../../domain/shared/errors';
import { Vendor } from '../../../domain/supplier/vendor';
import { ids, salesStorage, SalesStorage } from '../../support/sales-storage';
import { storageTargets } from '../../support/storage';

const NOW = new Date('2026-01-01T00:00:00.000Z');

/**
 * What the databases enforce themselves, whatever a use case checked first:
 * a stage, a client or a vendor still referenced is not deleted, and bank
 * details never lie in clear on disk.
 */
describe.each(storageTargets().filter((target) => target.name !== 'in-memory'))('sales storage constraints on $name', (target) => {
  let database: TypeOrmDatabase;
  let storage: SalesStorage;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const opened = await target.open();
    database = opened.database!;
    close = opened.close;
    storage = salesStorage(database);
  });

  afterAll(() => close());

  async function aLeadWithStageAndClient() {
    const { organisationId, personId } = await storage.anOrganisation();
    const stage = SalesStage.create({ id: ids.next(), uniqueId: ids.next(), organisationId, name: 'New', now: NOW });
    await storage.stages.save(stage);
    const client = Client.create({ id: ids.next(), uniqueId: ids.next(), organisationId, name: 'Acme', now: NOW });
    await storage.clients.save(client);
    const lead = Lead.create({
      id: ids.next(),
      uniqueId: ids.next(),
      organisationId,
      title: 'Deal',
      leadSource: 'seo',
      salesStage: stage,
      clientId: client.id,
      createdById: personId,
      now: NOW,
    });
    await storage.leads.save(lead);
    return { organisationId, stage, client };
  }

  it('refuses to delete a stage or a client that a lead names, even without asking first', async () => {
    const { organisationId, stage, client } = await aLeadWithStageAndClient();

    await expect(storage.stages.delete(stage)).rejects.toBeInstanceOf(InUse);
    await expect(storage.clients.delete(client)).rejects.toBeInstanceOf(InUse);
    expect(await storage.stages.findByUniqueId(organisationId, stage.uniqueId)).not.toBeNull();
    expect(await storage.clients.findByUniqueId(organisationId, client.uniqueId)).not.toBeNull();
  });

  it('refuses a lead whose stage was deleted meanwhile: the caller may retry', async () => {
    const { organisationId, personId } = await storage.anOrganisation();
    const gone = SalesStage.create({ id: ids.next(), uniqueId: ids.next(), organisationId, name: 'Gone', now: NOW });
    const lead = Lead.create({
      id: ids.next(),
      uniqueId: ids.next(),
      organisationId,
      title: 'Deal',
      leadSource: 'seo',
      salesStage: gone,
      createdById: personId,
      now: NOW,
    });

    await expect(storage.leads.save(lead)).rejects.toBeInstanceOf(ConcurrentModification);
  });

  it('refuses to delete a vendor that another table still references by foreign key', async () => {
    const { organisationId, personId } = await storage.anOrganisation();
    const vendor = Vendor.create({ id: ids.next(), uniqueId: ids.next(), organisationId, name: 'Paper Co', organisationCurrency: 'USD', createdById: personId, now: NOW });
    await storage.vendors.save(vendor);
    const table = `probe_${randomBytes(4).toString('hex')}`;
    await database.dataSource.query(`CREATE TABLE ${table} (id varchar(36) PRIMARY KEY, vendor_id varchar(36) REFERENCES vendors(id))`);
    await database.dataSource.query(`INSERT INTO ${table} (id, vendor_id) VALUES ('x', '${vendor.id}')`);

    await expect(storage.vendors.delete(vendor)).rejects.toMatchObject({ code: 'in_use' });
    expect(await storage.vendors.findByUniqueId(organisationId, vendor.uniqueId)).not.toBeNull();
  });

  it('stores the vendor bank details sealed, and reads them back only with the key', async () => {
    const { organisationId, personId } = await storage.anOrganisation();
    const vendor = Vendor.create({
      id: ids.next(),
      uniqueId: ids.next(),
      organisationId,
      name: 'Paper Co',
      organisationCurrency: 'USD',
      createdById: personId,
      now: NOW,
      bankingInformation: { bankName: 'Equity Bank', accountNumber: '0123456789' },
    });
    await storage.vendors.save(vendor);

    const [row] = await database.dataSource.query(`SELECT banking_sealed FROM vendors WHERE id = '${vendor.id}'`);
    expect(row.banking_sealed).not.toContain('0123456789');
    expect(row.banking_sealed).not.toContain('Equity');
    const withAnotherKey = new TypeOrmDeclaredRecords<Vendor>(database, new AesGcmSecretBox(randomBytes(32)), VENDOR_DECLARATION);
    await expect(withAnotherKey.findByUniqueId(organisationId, vendor.uniqueId)).rejects.toThrow();
  });
});
