import { randomBytes } from 'node:crypto';
import { STORED_REFUSAL_LIMIT } from '../../adapters/http/middleware/idempotency';
import { ApiResponse } from '../support/api-client';
import { signUp, TestUser } from '../support/accounts';
import { testDatabases } from '../support/databases';
import { anExpense, multipart } from '../support/expenses';
import { aRecord, Collection, createRecord, organisationPath } from '../support/organisation-records';
import { startTestApp, TestApp } from '../support/test-app';

const MISMATCH = { detail: 'Idempotency-Key reused with a different request.', code: 'idempotency_mismatch' };

/** A create endpoint: how to call it with a body and a key, a fresh valid body, and how many records it has made. */
interface CreateEndpoint {
  name: string;
  post(body: Record<string, unknown>, key: string): Promise<ApiResponse>;
  body(): Record<string, unknown>;
  count(): Promise<number>;
}

const fresh = () => `key-${randomBytes(8).toString('hex')}`;

describe.each(testDatabases())('Idempotency-Key on every create, on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let endpoints: CreateEndpoint[];

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client);
    const org = organisationPath(owner.organisationUniqueId);
    const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });
    const total = async (path: string) => Number((await owner.api.get(`${path}?page_size=1`)).headers.get('X-Total-Count'));
    const inOrganisation = (collection: Collection): CreateEndpoint => ({
      name: collection,
      post: (body, key) => owner.api.post(`${org}/${collection}/create/`, body, keyed(key)),
      body: () => aRecord(collection),
      count: () => total(`${org}/${collection}/`),
    });
    const group = await createRecord(owner.api, owner.organisationUniqueId, 'contact-groups');
    let people = 0;
    endpoints = [
      ...(['accounts', 'sales-stages', 'clients', 'leads', 'vendors', 'contact-groups'] as const).map(inOrganisation),
      {
        name: 'expenses',
        post: (body, key) => owner.api.post(`${org}/expenses/create/`, body, keyed(key)),
        body: () => anExpense(),
        count: () => total(`${org}/expenses/`),
      },
      {
        name: 'contacts',
        post: (body, key) => owner.api.post(`${org}/contact-groups/${group}/contacts/create/`, body, keyed(key)),
        body: () => ({ first_name: `Contact ${fresh()}` }),
        count: () => total(`${org}/contact-groups/${group}/contacts/`),
      },
      {
        name: 'organisations',
        post: (body, key) => owner.api.post('/api/v1.0/organisations/create/', body, keyed(key)),
        body: () => ({ name: `Branch ${fresh()}` }),
        count: async () => ((await owner.api.get('/api/v1.0/organisations/?page_size=1000')).body as unknown[]).length,
      },
      {
        name: 'invitations',
        post: (body, key) => owner.api.post(`${org}/invitations/`, body, keyed(key)),
        body: () => ({ email: `invitee-${fresh()}@example.com`, role: 'member' }),
        count: async () => ((await owner.api.get(`${org}/invitations/?page_size=1000`)).body as unknown[]).length,
      },
      {
        name: 'sign-up',
        post: (body, key) => app.client.post('/api/v1.0/auth/signup/', body, keyed(key)),
        body: () => {
          people += 1;
          return { email: `person-${fresh()}@example.com`, password: 'correct horse battery', first_name: 'New', last_name: `Person ${people}`, organisation_name: 'Own' };
        },
        // Every account signs up its own organisation: the owners' organisations are counted through the accounts.
        count: async () => signUps.size,
      },
    ];
  });

  /** Sign-ups answered 201 by person, as the sign-up endpoint has no list. */
  const signUps = new Set<string>();
  const recordSignUp = (endpoint: CreateEndpoint, response: ApiResponse) => {
    if (endpoint.name === 'sign-up' && response.status === 201) signUps.add(response.body.person.unique_id as string);
  };

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const eachEndpoint = () => endpoints.map((endpoint) => [endpoint.name, endpoint] as const);

  it('creates once for a key sent twice with the same body, answering the same body the second time, replayed', async () => {
    for (const [name, endpoint] of eachEndpoint()) {
      const before = await endpoint.count();
      const body = endpoint.body();
      const key = fresh();
      const first = await endpoint.post(body, key);
      recordSignUp(endpoint, first);
      const second = await endpoint.post(body, key);
      recordSignUp(endpoint, second);

      expect([name, first.status, second.status]).toEqual([name, 201, 201]);
      expect(second.body).toEqual(first.body);
      expect(first.headers.get('Idempotent-Replayed')).toBeNull();
      expect(second.headers.get('Idempotent-Replayed')).toBe('true');
      expect([name, await endpoint.count()]).toEqual([name, before + 1]);
    }
  });

  it('refuses a key reused with another body: 422, and nothing more is created', async () => {
    for (const [name, endpoint] of eachEndpoint()) {
      const key = fresh();
      const first = await endpoint.post(endpoint.body(), key);
      recordSignUp(endpoint, first);
      const before = await endpoint.count();

      const other = await endpoint.post(endpoint.body(), key);
      expect([name, other.status, other.body]).toEqual([name, 422, MISMATCH]);
      expect([name, await endpoint.count()]).toEqual([name, before]);
    }
  });

  it('creates once when twenty requests with one key arrive at once, all answered alike', async () => {
    for (const [name, endpoint] of eachEndpoint()) {
      const before = await endpoint.count();
      const body = endpoint.body();
      const key = fresh();
      const answers = await Promise.all(Array.from({ length: 20 }, () => endpoint.post(body, key)));
      answers.forEach((answer) => recordSignUp(endpoint, answer));

      expect([name, answers.map((answer) => answer.status)]).toEqual([name, Array(20).fill(201)]);
      for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
      expect(answers.filter((answer) => answer.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(19);
      expect([name, await endpoint.count()]).toEqual([name, before + 1]);
    }
  });

  it('stores a refusal for invalid input and replays it, but creates once the input is fixed under a new key', async () => {
    const org = organisationPath(owner.organisationUniqueId);
    const key = fresh();
    const bad = { ...anExpense(), amount: 'a lot' };
    const first = await owner.api.post(`${org}/expenses/create/`, bad, { headers: { 'Idempotency-Key': key } });
    const again = await owner.api.post(`${org}/expenses/create/`, bad, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(400);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('keeps no refusal too large to keep: a retry with its key is judged again, and may create', async () => {
    const vendors = `${organisationPath(owner.organisationUniqueId)}/vendors/create/`;
    const key = fresh();
    const quoted = { ...aRecord('vendors'), entity_type: 'X'.repeat(STORED_REFUSAL_LIMIT) };
    const refused = await owner.api.post(vendors, quoted, { headers: { 'Idempotency-Key': key } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body).length).toBeGreaterThan(STORED_REFUSAL_LIMIT);
    const fixed = await owner.api.post(vendors, aRecord('vendors'), { headers: { 'Idempotency-Key': key } });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('Idempotent-Replayed')).toBeNull();
  });

  it('fingerprints an uploaded receipt by its content: the same file replays, another file is a 422', async () => {
    const org = organisationPath(owner.organisationUniqueId);
    const key = fresh();
    const fields = anExpense();
    const send = (bytes: Buffer) =>
      owner.api.post(`${org}/expenses/create/`, undefined, {
        multipart: multipart(fields, { bytes, type: 'application/pdf' }),
        headers: { 'Idempotency-Key': key },
      });
    const receipt = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2048), Buffer.from('\n%%EOF\n')]);
    const first = await send(receipt);
    const again = await send(Buffer.from(receipt));
    const other = await send(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2048), Buffer.from('\n%%EOF\n')]));

    expect([first.status, again.status, other.status]).toEqual([201, 201, 422]);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const download = await fetch(`${app.client.baseUrl}${org}/expenses/${first.body.unique_id}/receipt/`, {
      headers: { Authorization: `Basic ${Buffer.from(`${owner.email}:${owner.password}`).toString('base64')}` },
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(receipt)).toBe(true);
  });

  it('keeps keys apart per caller and per path', async () => {
    const org = organisationPath(owner.organisationUniqueId);
    const key = fresh();
    const vendor = await owner.api.post(`${org}/vendors/create/`, { name: 'Same key, vendor' }, { headers: { 'Idempotency-Key': key } });
    const client = await owner.api.post(`${org}/clients/create/`, { name: 'Same key, client' }, { headers: { 'Idempotency-Key': key } });
    const other = await signUp(app.client);
    const theirs = await other.api.post(
      `${organisationPath(other.organisationUniqueId)}/vendors/create/`,
      { name: 'Same key, vendor' },
      { headers: { 'Idempotency-Key': key } },
    );
    expect([vendor.status, client.status, theirs.status]).toEqual([201, 201, 201]);
    expect(theirs.headers.get('Idempotent-Replayed')).toBeNull();
    expect(theirs.body.unique_id).not.toBe(vendor.body.unique_id);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not printable ASCII', 'clé'],
  ])('answers 400 to an %s key, before doing anything', async (_case, key) => {
    const org = organisationPath(owner.organisationUniqueId);
    const before = Number((await owner.api.get(`${org}/vendors/?page_size=1`)).headers.get('X-Total-Count'));
    const response = await fetch(`${app.client.baseUrl}${org}/vendors/create/`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Basic ${Buffer.from(`${owner.email}:${owner.password}`).toString('base64')}`,
        'Idempotency-Key': Buffer.from(key, 'utf8').toString('latin1'),
      },
      body: JSON.stringify({ name: 'Not created' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'Invalid Idempotency-Key header.' });
    expect(Number((await owner.api.get(`${org}/vendors/?page_size=1`)).headers.get('X-Total-Count'))).toBe(before);
  });

  it('leaves creates without a key as they were: each one creates', async () => {
    const org = organisationPath(owner.organisationUniqueId);
    const first = await owner.api.post(`${org}/vendors/create/`, { name: 'Twice' });
    const second = await owner.api.post(`${org}/vendors/create/`, { name: 'Twice' });
    expect(first.body.unique_id).not.toBe(second.body.unique_id);
  });

  it('is not fooled by JSON whitespace or key order: the body is compared after parsing', async () => {
    const org = organisationPath(owner.organisationUniqueId);
    const key = fresh();
    const send = (text: string) =>
      fetch(`${app.client.baseUrl}${org}/vendors/create/`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Basic ${Buffer.from(`${owner.email}:${owner.password}`).toString('base64')}`,
          'Idempotency-Key': key,
        },
        body: text,
      });
    const first = await send('{"name": "Parsed", "email": "a@example.com"}');
    const second = await send('{ "email":"a@example.com","name":"Parsed" }');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
  });
});

