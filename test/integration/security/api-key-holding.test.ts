import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { API_KEY_TOKENS, ApiKeyRepository } from '../../../application/api-key/api-key.ports';
import { signUp, TestUser } from '../../support/accounts';
import { testDatabases, TestDatabase } from '../../support/databases';
import { addMember } from '../../support/members';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * A key acts only while its person is an active member of its organisation, read with the key on every request.
 * Ending a membership revokes its keys in the same transaction, but a create authorised just before a removal
 * commits writes its key after the removal's revocation ran; these tests leave a key in that state (the membership
 * gone, or the account no longer active, and the key not revoked) and show that it authenticates nothing.
 */
describe.each(testDatabases())('an API key whose person no longer holds it, on $name', (factory) => {
  let database: TestDatabase;
  let app: TestApp;
  let db: TypeOrmDatabase;
  let keys: ApiKeyRepository;
  let owner: TestUser;

  beforeAll(async () => {
    database = await factory.create();
    app = await startTestApp(database);
    db = app.application.container.get(TypeOrmDatabase);
    keys = app.application.container.get<ApiKeyRepository>(API_KEY_TOKENS.ApiKeyRepository);
    owner = await signUp(app.client);
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const organisationPath = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;
  const withKey = (key: string, path: string) => app.client.request('GET', path, { headers: { Authorization: `Bearer ${key}` } });

  /** A member of the owner's organisation with a key there, that reaches their profile and the organisation's vendors. */
  async function memberWithKey(): Promise<{ key: string; prefix: string }> {
    const member = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
    const made = await member.api.post(`${organisationPath()}/api-keys/create/`, { name: 'Sync', scopes: ['vendors:read'] });
    expect(made.status).toBe(201);
    expect((await withKey(made.body.key, '/api/v1.0/me/')).status).toBe(200);
    expect((await withKey(made.body.key, `${organisationPath()}/vendors/`)).status).toBe(200);
    return { key: made.body.key, prefix: made.body.prefix };
  }

  async function expectHeldByNoOne(key: string, prefix: string): Promise<void> {
    for (const path of ['/api/v1.0/me/', `${organisationPath()}/vendors/`]) {
      const answer = await withKey(key, path);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('WWW-Authenticate')).toBe('Bearer realm="api"');
    }
    expect((await keys.findHeldByPrefix(prefix)).keys).toEqual([]);
    expect((await keys.findHeldByPrefix(prefix, { profile: true })).keys).toEqual([]);
    expect((await keys.findHeldByPrefix(prefix, { organisation: owner.organisationUniqueId })).keys).toEqual([]);
    // Not revoked: the check, not a revocation, is what refuses it.
    const [[row]] = await db.select([db.sql('SELECT revoked_at FROM api_keys WHERE prefix = :prefix', { prefix })]);
    expect(row.revoked_at).toBeNull();
  }

  it('refuses a key whose membership ended without its revocation', async () => {
    const { key, prefix } = await memberWithKey();
    await db.execute(
      db.sql(
        `DELETE FROM memberships WHERE EXISTS (
           SELECT 1 FROM api_keys k WHERE k.prefix = :prefix AND k.organisation_id = memberships.organisation_id AND k.created_by_id = memberships.person_id)`,
        { prefix },
      ),
    );
    await expectHeldByNoOne(key, prefix);
  });

  it('refuses a key whose account is no longer active', async () => {
    const { key, prefix } = await memberWithKey();
    await db.execute(
      db.sql('UPDATE persons SET is_active = :inactive WHERE id = (SELECT created_by_id FROM api_keys WHERE prefix = :prefix)', { inactive: false, prefix }),
    );
    await expectHeldByNoOne(key, prefix);
  });
});
