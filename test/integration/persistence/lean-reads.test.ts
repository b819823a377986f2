import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { API_KEY_TOKENS, ApiKeyRepository } from '../../../application/api-key/api-key.ports';
import { forHydration } from '../../../adapters/persistence/typeorm/engine/sql';
import { signUp } from '../../support/accounts';
import { testDatabases, TestDatabase } from '../../support/databases';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Reads that skip TypeORM's query builder (`TypeOrmDatabase.findBy`, `select`)
 * must hand the mappers exactly the rows TypeORM would: same keys, same types
 * (decimals, dates, timestamps, booleans, nulls). And on SQLite they run on a
 * connection of their own, which sees committed writes only and does not wait
 * for an open transaction to end.
 */
describe.each(testDatabases())('lean reads on $name', (factory) => {
  let database: TestDatabase;
  let app: TestApp;
  let db: TypeOrmDatabase;
  let organisationUniqueId: string;
  let keyPrefix: string;

  beforeAll(async () => {
    database = await factory.create();
    app = await startTestApp(database);
    db = app.application.container.get(TypeOrmDatabase);
    const owner = await signUp(app.client);
    const org = `/api/v1.0/organisation/${owner.organisationUniqueId}`;
    const vendor = await owner.api.post(`${org}/vendors/create/`, {
      name: 'Zoë Supplies',
      annual_revenue: '1234567.89',
      quality_rating: '4.50',
      contract_start_date: '2024-02-29',
      address: { city: 'Nairobi' },
      banking_information: { bank_name: 'Equity', account_number: '0123456789' },
    });
    expect(vendor.status).toBe(201);
    const expense = await owner.api.post(`${org}/expenses/create/`, {
      title: 'Taxi',
      expense_number: 'E-1',
      account_id: 'acct-5000',
      expense_date: '2026-01-15',
      amount: '0.10',
      tax_amount: '0.20',
      vat_processed: true,
      vendor_id: vendor.body.unique_id,
      status: 'submitted',
    });
    expect(expense.status).toBe(201);
    organisationUniqueId = owner.organisationUniqueId;
    await owner.api.post(`${org}/api-keys/create/`, { name: 'Sync', scopes: ['vendors:read'] });
    const key = await owner.api.post(`${org}/api-keys/create/`, { name: 'Books', scopes: ['expenses:write', 'vendors:read'], expires_at: '2036-01-01T00:00:00Z' });
    expect(key.status).toBe(201);
    keyPrefix = key.body.prefix;
    // A use written, so that each of the credential's timestamps holds a date.
    expect((await app.client.request('GET', '/api/v1.0/me/', { headers: { Authorization: `Bearer ${key.body.key}` } })).status).toBe(200);
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('hydrates every table exactly as TypeORM does', async () => {
    const compared: string[] = [];
    for (const metadata of db.dataSource.entityMetadatas) {
      const order = metadata.primaryColumns.map((column) => column.databaseName);
      const expected = await db.dataSource.getRepository(metadata.name).find({ order: Object.fromEntries(order.map((key) => [key, 'ASC'])) });
      const actual = await db.findBy(metadata.name, {}, order);
      expect({ table: metadata.tableName, rows: actual }).toEqual({ table: metadata.tableName, rows: expected });
      if (expected.length > 0) compared.push(metadata.tableName);
    }
    // The tables the fixture fills, with decimals, dates, timestamps, booleans and sealed bank details among them.
    expect(compared).toEqual(expect.arrayContaining(['persons', 'organisations', 'memberships', 'vendors', 'expenses', 'accounts', 'sessions']));
  });

  it('reads only committed rows, without waiting for an open transaction', async () => {
    const [organisation] = await db.findBy<{ id: string }>('Organisation', {});
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const written = db.transaction(async () => {
      await db.run((m) => m.query(`UPDATE organisations SET name = 'Renamed' WHERE id = ${db.dialect === 'postgres' ? '$1' : '?'}`, [organisation.id]));
      await held;
    });
    const during = await db.findOneBy<{ id: string; name: string }>('Organisation', { id: organisation.id });
    expect(during?.name).not.toBe('Renamed');
    release();
    await written;
    expect((await db.findOneBy<{ id: string; name: string }>('Organisation', { id: organisation.id }))?.name).toBe('Renamed');
  });

  it('hydrates each side of a join whose tables share column names alike inside and outside a transaction', async () => {
    const query = db.sql(
      `SELECT p.*, ms.role AS membership_role, o.* FROM persons p JOIN memberships ms ON ms.person_id = p.id
       JOIN organisations o ON o.id = ms.organisation_id ORDER BY p.id`,
      {},
    );
    const sides = async () => {
      const [table] = await db.read([forHydration(query)]);
      const organisationFrom = table.columns.indexOf('membership_role') + 1;
      return { people: db.hydrate<{ id: string }>('Person', table), organisations: db.hydrate<{ id: string }>('Organisation', table, organisationFrom) };
    };
    const outside = await sides();
    expect(outside.people.map((p) => p.id)).toEqual((await db.findBy<{ id: string }>('Person', {}, ['id'])).map((p) => p.id));
    expect(outside.organisations.map((o) => o.id)).toEqual(expect.arrayContaining((await db.findBy<{ id: string }>('Organisation', {})).map((o) => o.id)));
    expect(await db.transaction(sides)).toEqual(outside);
  });

  it("reads of an API key what authenticating with it needs, as the whole record holds it, with or without what its request reads first", async () => {
    const keys = app.application.container.get<ApiKeyRepository>(API_KEY_TOKENS.ApiKeyRepository);
    const held = await keys.findHeldByPrefix(keyPrefix);
    const [record] = await keys.findByIds(held.keys[0].organisationId, [held.keys[0].id]);
    const { dateCreated: _made, lastUpdated: _changed, ...credential } = record.snapshot();
    expect(credential.lastUsedAt).toBeInstanceOf(Date);
    expect(credential.expiresAt).toEqual(new Date('2036-01-01T00:00:00Z'));
    expect(held.keys).toEqual([credential]);
    const withProfile = await keys.findHeldByPrefix(keyPrefix, { profile: true });
    expect(withProfile.keys).toEqual([credential]);
    expect(withProfile.prereads?.profile?.person.id).toBe(credential.createdById);
    const withOrganisation = await keys.findHeldByPrefix(keyPrefix, { organisation: organisationUniqueId });
    expect(withOrganisation.keys).toEqual([credential]);
    expect(withOrganisation.prereads?.organisation?.found).not.toBeNull();
  });
});
