import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createLogger } from '../../adapters/system/logger';
import { signUp, TestUser } from '../support/accounts';
import { TestDatabase, testDatabases } from '../support/databases';
import { startTestApp, TestApp } from '../support/test-app';

/** A value nobody else writes, so that finding it anywhere means it leaked. */
const secret = (label: string) => `${label}${randomBytes(6).toString('hex').toUpperCase()}`;

/**
 * Every secret field is sealed or hashed wherever it is written (issue 41):
 * after writes that carry bank details, medical details, a webhook's signing
 * secret, an invitation's token and an API key (which is then used), each create once under an
 * `Idempotency-Key`, and with webhook events queued, neither the raw database
 * nor the service's log holds any of them in clear.
 */
describe.each(testDatabases())('secrets at rest on $name', (factory) => {
  let database: TestDatabase;
  let app: TestApp;
  let owner: TestUser;
  const logLines: string[] = [];
  const secrets: Record<string, string> = {};
  const org = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;
  const keyed = () => ({ headers: { 'Idempotency-Key': `key-${randomBytes(8).toString('hex')}` } });

  beforeAll(async () => {
    database = await factory.create();
    const logger = createLogger('debug', { write: (line: string) => void logLines.push(line) });
    app = await startTestApp(database, { logger, env: { WEBHOOK_POLL_MS: '20' } });
    owner = await signUp(app.client);
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  /** The database's bytes as they lie: the SQLite file and its write-ahead log, or a dump of the Postgres schema's rows. */
  function rawDatabase(): string {
    if (database.name === 'postgres') {
      return execFileSync('pg_dump', ['--dbname', database.url, `--schema=${database.schema}`, '--data-only'], { maxBuffer: 256 * 1024 * 1024 }).toString('latin1');
    }
    const file = new URL(database.url.replace(/^sqlite:\/\//, 'file://')).pathname;
    return [file, `${file}-wal`]
      .filter((part) => existsSync(part))
      .map((part) => readFileSync(part).toString('latin1'))
      .join('\n');
  }

  it('leaves no bank detail, medical detail, signing secret, invitation token nor API key in clear in the database or the log', async () => {
    // A webhook endpoint first, so that the vendor's events are queued with the vendor as presented.
    const endpoint = await owner.api.post(`${org()}/webhooks/create/`, { url: 'http://127.0.0.1:9/hook', events: ['vendor.created', 'vendor.updated', 'member.joined'] }, keyed());
    expect(endpoint.status).toBe(201);
    secrets.signingSecret = endpoint.body.secret;

    Object.assign(secrets, {
      vendorAccount: secret('7710'),
      vendorBranch: secret('BR'),
      vendorRouting: secret('RT'),
      vendorSwift: secret('SW'),
    });
    const vendorBody = {
      name: 'Secretive Supplies',
      banking_information: {
        bank_name: 'First Bank',
        account_number: secrets.vendorAccount,
        branch_code: secrets.vendorBranch,
        routing_number: secrets.vendorRouting,
        swift_code: secrets.vendorSwift,
      },
    };
    const vendorKey = keyed();
    const vendor = await owner.api.post(`${org()}/vendors/create/`, vendorBody, vendorKey);
    expect(vendor.status).toBe(201);
    expect(vendor.body.banking_information.account_number).toBe(secrets.vendorAccount);
    // The stored answer is replayed as first given, and a refusal of a body with secrets is stored as well.
    const replayed = await owner.api.post(`${org()}/vendors/create/`, vendorBody, vendorKey);
    expect([replayed.headers.get('Idempotent-Replayed'), replayed.body]).toEqual(['true', vendor.body]);
    const refused = await owner.api.post(`${org()}/vendors/create/`, { ...vendorBody, name: '' }, keyed());
    expect(refused.status).toBe(400);
    secrets.vendorAccountChanged = secret('7720');
    const changed = await owner.api.patch(`${org()}/vendors/${vendor.body.unique_id}/update/`, { banking_information: { account_number: secrets.vendorAccountChanged } });
    expect(changed.status).toBe(200);

    secrets.organisationAccount = secret('7730');
    const organisation = await owner.api.post('/api/v1.0/organisations/create/', { name: 'Second Branch', banking_information: { account_number: secrets.organisationAccount } }, keyed());
    expect(organisation.status).toBe(201);

    const inviteeEmail = `invitee-${randomBytes(4).toString('hex')}@example.com`;
    const invitation = await owner.api.post(`${org()}/invitations/`, { email: inviteeEmail, role: 'member' }, keyed());
    expect(invitation.status).toBe(201);
    secrets.invitationToken = invitation.body.token;

    // The employee: an account made under a key, then its bank and medical details.
    const signUpBody = { email: `employee-${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery', first_name: 'Em', last_name: 'Ployee', organisation_name: 'Own' };
    expect((await app.client.post('/api/v1.0/auth/signup/', signUpBody, keyed())).status).toBe(201);
    Object.assign(secrets, {
      personAccount: secret('7740'),
      personBranch: secret('PB'),
      medicalAidNumber: secret('MA'),
      medicalConditions: secret('Condition'),
      allergies: secret('Allergy'),
      medications: secret('Medication'),
    });
    const employee = app.client.basic(signUpBody.email, signUpBody.password);
    const profile = await employee.patch('/api/v1.0/me/', {
      banking_information: { account_number: secrets.personAccount, branch_code: secrets.personBranch },
      employee_information: {
        medical_aid_number: secrets.medicalAidNumber,
        medical_conditions: secrets.medicalConditions,
        allergies: secrets.allergies,
        medications: secrets.medications,
      },
    });
    expect(profile.status).toBe(200);

    // An API key, made under an Idempotency-Key, then used: to write a vendor (history and an event), and wrongly.
    const apiKey = await owner.api.post(`${org()}/api-keys/create/`, { name: 'Integration', scopes: ['*:write'] }, keyed());
    expect(apiKey.status).toBe(201);
    secrets.apiKey = apiKey.body.key;
    const byKey = await app.client.withKey(secrets.apiKey).patch(`${org()}/vendors/${vendor.body.unique_id}/update/`, { description: 'Changed by the integration' });
    expect(byKey.status).toBe(200);
    expect((await app.client.withKey(`${secrets.apiKey.slice(0, -4)}AAAA`).get('/api/v1.0/me/')).status).toBe(401);

    // The events are queued, and the worker has tried the first (its receiver refuses; the next waits behind it).
    let attempts: unknown[] = [];
    for (let tries = 0; tries < 200 && attempts.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      attempts = (await owner.api.get(`${org()}/webhooks/${endpoint.body.unique_id}/deliveries/`)).body as unknown[];
    }
    expect(attempts.length).toBeGreaterThan(0);

    const stored = rawDatabase();
    const logged = logLines.join('\n');
    expect(logged).toContain('"msg":"request"'); // the log was captured
    expect(stored).toContain('Secretive Supplies'); // the database was read
    const found = (text: string) => Object.entries(secrets).filter(([, value]) => text.includes(value)).map(([name]) => name);
    expect({ database: found(stored), log: found(logged) }).toEqual({ database: [], log: [] });
  });
});
