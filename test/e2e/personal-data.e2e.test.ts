import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { signUp, TestUser } from '../support/accounts';
import { TestDatabase, testDatabases } from '../support/databases';
import { actOn, createExpense, expensePaths, multipart, RECEIPT_FILES, anExpense } from '../support/expenses';
import { SweepFileRemovals } from '../../application/shared/sweep-file-removals.use-case';
import { filesUnder } from '../support/files';
import { addMember } from '../support/members';
import { PICTURE_FILES, putPicture } from '../support/pictures';
import { startTestApp, TestApp } from '../support/test-app';

/** A value nobody else writes, so that finding it anywhere means it is the person's. */
const unique = (label: string) => `${label}${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * Issue 47, personal data: `GET me/export/` holds everything of the caller's
 * and nothing of anyone else's; `DELETE me/` leaves no trace of the person in
 * the database's bytes while the organisations' figures stay as they were.
 */
describe.each(testDatabases())('personal data on $name', (factory) => {
  let database: TestDatabase;
  let app: TestApp;
  let owner: TestUser;
  let erin: TestUser;
  let paul: TestUser;
  const shared = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;
  const erinData = {
    firstName: unique('Erin'),
    lastName: unique('Quist'),
    email: `${unique('erin').toLowerCase()}@example.com`,
    organisation: unique('ErinSolo'),
    account: unique('IBAN'),
    medicalAid: unique('Aid'),
    conditions: unique('Condition'),
    allergies: unique('Allergy'),
    jobTitle: unique('Title'),
  };
  const paulData = { firstName: unique('Paul'), lastName: unique('Other'), email: `${unique('paul').toLowerCase()}@example.com`, account: unique('IBAN') };
  const ownerData = { lastName: unique('Owner') };
  let erinExpenses: string[] = [];
  let erinVendor: string;

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

  beforeAll(async () => {
    database = await factory.create();
    app = await startTestApp(database);
    owner = await signUp(app.client, { last_name: ownerData.lastName, organisation_name: 'Shared Books' });
    erin = await signUp(app.client, { email: erinData.email, first_name: erinData.firstName, last_name: erinData.lastName, organisation_name: erinData.organisation });
    paul = await signUp(app.client, { email: paulData.email, first_name: paulData.firstName, last_name: paulData.lastName });
    await addMember(app, owner.organisationUniqueId, erin);
    await addMember(app, owner.organisationUniqueId, paul);

    for (const [user, account, extra] of [
      [erin, erinData.account, { job_title: erinData.jobTitle, employee_information: { medical_aid_number: erinData.medicalAid, medical_conditions: erinData.conditions, allergies: erinData.allergies } }],
      [paul, paulData.account, {}],
    ] as const) {
      const profile = await user.api.patch('/api/v1.0/me/', { banking_information: { account_number: account }, ...extra });
      expect(profile.status).toBe(200);
    }

    // Erin's expenses in the shared organisation, one approved by the owner; Paul's beside them; one in her own organisation.
    const first = await createExpense(erin.api, owner.organisationUniqueId, { amount: '125.50', employee_id: erin.personUniqueId });
    const second = await createExpense(erin.api, owner.organisationUniqueId, { amount: '74.25', employee_id: erin.personUniqueId });
    await actOn(erin.api, owner.organisationUniqueId, first.unique_id, 'submit');
    await actOn(owner.api, owner.organisationUniqueId, first.unique_id, 'approve');
    await createExpense(paul.api, owner.organisationUniqueId, { amount: '10.00', employee_id: paul.personUniqueId });
    // In her own organisation, with a receipt: the organisation and its files go with her.
    const own = await erin.api.post(expensePaths(erin.organisationUniqueId).create, undefined, { multipart: multipart(anExpense({ amount: '33.00' }), RECEIPT_FILES.pdf) });
    expect(own.status).toBe(201);
    erinExpenses = [first.unique_id, second.unique_id];

    const vendor = await erin.api.post(`${shared()}/vendors/create/`, { name: 'Erin Supplies' });
    expect(vendor.status).toBe(201);
    erinVendor = vendor.body.unique_id;
    const csv = new FormData();
    for (const [name, value] of Object.entries({ resource: 'vendors', dry_run: 'true' })) csv.append(name, value);
    csv.append('file', new Blob([Buffer.from('unique_id,name\r\nchecked,Checked Ltd\r\n', 'utf8')], { type: 'text/csv' }), 'import.csv');
    expect((await erin.api.request('POST', `${shared()}/imports/`, { multipart: csv })).status).toBe(201);
    for (const user of [erin, paul]) expect((await putPicture(user.api, '/api/v1.0/me/picture/', PICTURE_FILES.png)).status).toBe(200);
    const key = await erin.api.post(`${shared()}/api-keys/create/`, { name: 'Erin sync', scopes: ['*:read'] });
    expect(key.status).toBe(201);
    expect((await erin.api.patch('/api/v1.0/me/notifications/', { digest: 'daily' })).status).toBe(200);
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('exports everything of the caller’s as one JSON file, and nothing of anyone else’s', async () => {
    const response = await erin.api.get('/api/v1.0/me/export/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="personal-data-${erin.personUniqueId}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    const document = response.body;

    expect(document.profile.user).toEqual({ first_name: erinData.firstName, last_name: erinData.lastName, email: erinData.email });
    expect(document.profile.job_title).toBe(erinData.jobTitle);
    expect(document.profile.employee_information).toMatchObject({ medical_aid_number: erinData.medicalAid, medical_conditions: erinData.conditions, allergies: erinData.allergies });
    expect(document.bank_account_number).toBe(erinData.account);
    expect(document.memberships.map((m: { organisation: string; role: string }) => [m.organisation, m.role]).sort()).toEqual(
      [
        [owner.organisationUniqueId, 'member'],
        [erin.organisationUniqueId, 'owner'],
      ].sort(),
    );

    const records = document.records as { model: string; organisation: string; record: Record<string, any> }[];
    const expenses = records.filter((r) => r.model === 'expense' && r.organisation === owner.organisationUniqueId);
    expect(expenses.map((r) => r.record.unique_id).sort()).toEqual([...erinExpenses].sort());
    const approved = expenses.find((r) => r.record.unique_id === erinExpenses[0])!.record;
    expect(approved.employee).toEqual({ unique_id: erin.personUniqueId, full_name: `${erinData.firstName} ${erinData.lastName}` });
    expect(approved.approved_by).toBeNull(); // the owner is someone else
    expect(records.filter((r) => r.model === 'expense' && r.organisation === erin.organisationUniqueId)).toHaveLength(1);
    expect(records.some((r) => r.model === 'vendor' && r.record.unique_id === erinVendor)).toBe(true);
    const keys = records.filter((r) => r.model === 'api key');
    expect(keys.map((r) => r.record.name)).toEqual(['Erin sync']);
    expect(keys[0].record).not.toHaveProperty('key');

    expect(document.imports).toEqual([expect.objectContaining({ organisation: owner.organisationUniqueId, resource: 'vendors', dry_run: true, row_count: 1 })]);
    expect(document.history.length).toBeGreaterThanOrEqual(4);
    expect(document.history.every((entry: { at: string }) => typeof entry.at === 'string')).toBe(true);
    expect(document.sessions.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(document.sessions[0]).sort()).toEqual(['created_at', 'expires_at']);
    expect(document.notification_preferences).toEqual([expect.objectContaining({ digest: 'daily' })]);
    expect(Array.isArray(document.notification_deliveries)).toBe(true);

    for (const other of [paulData.firstName, paulData.lastName, paulData.email, paulData.account, ownerData.lastName, owner.email]) {
      expect(response.text).not.toContain(other);
    }
  });

  it('pages through every store: more records and history than a page, each once', async () => {
    const busy = await signUp(app.client, { organisation_name: 'Busy' });
    const made: string[] = [];
    for (let batch = 0; batch < 21; batch += 1) {
      const created = await Promise.all(Array.from({ length: 10 }, () => createExpense(busy.api, busy.organisationUniqueId, { amount: '1.00' })));
      made.push(...created.map((expense) => expense.unique_id));
    }
    const exported = await busy.api.get('/api/v1.0/me/export/');
    expect(exported.status).toBe(200);
    const expenses = (exported.body.records as { model: string; record: { unique_id: string } }[]).filter((r) => r.model === 'expense').map((r) => r.record.unique_id);
    expect(expenses.sort()).toEqual(made.sort());
    const created = (exported.body.history as { model: string; action: string; record: string }[]).filter((h) => h.model === 'expense' && h.action === 'created');
    expect(new Set(created.map((h) => h.record)).size).toBe(210);
    expect(created).toHaveLength(210);
  });

  it('is no API key’s to export or erase', async () => {
    const key = await erin.api.post(`${shared()}/api-keys/create/`, { name: 'Everything', scopes: ['*:write'] });
    const withKey = app.client.withKey(key.body.key);
    expect((await withKey.get('/api/v1.0/me/export/')).status).toBe(403);
    expect((await withKey.delete('/api/v1.0/me/', { json: { current_password: erin.password } })).status).toBe(403);
  });

  it('refuses a wrong or missing password on the field', async () => {
    const wrong = await erin.api.delete('/api/v1.0/me/', { json: { current_password: 'not it' } });
    expect([wrong.status, wrong.body]).toEqual([400, { current_password: ['Your current password was entered incorrectly.'] }]);
    const missing = await erin.api.delete('/api/v1.0/me/', { json: {} });
    expect([missing.status, missing.body]).toEqual([400, { current_password: ['This field is required.'] }]);
    expect((await erin.api.get('/api/v1.0/me/')).status).toBe(200);
  });

  it('refuses (409) the sole owner of an organisation with other members', async () => {
    const refused = await owner.api.delete('/api/v1.0/me/', { json: { current_password: owner.password } });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('Shared Books');
    expect((await owner.api.get('/api/v1.0/me/')).status).toBe(200);
  });

  it('erases the account: no trace in the database, the organisation’s figures unchanged, the e-mail free again', async () => {
    const report = () => owner.api.get(`${shared()}/reports/expenses/?group_by=status`);
    const before = await report();
    expect(before.status).toBe(200);
    // The scan can fail: before the erasure, the database holds Erin's name in clear.
    expect(rawDatabase()).toContain(erinData.lastName);
    const receipts = () => filesUnder(path.join(app.config.dataDir, 'receipts'));
    expect(receipts()).toHaveLength(1);
    const pictures = () => filesUnder(path.join(app.config.dataDir, 'pictures'));
    const picturesBefore = pictures();
    expect(picturesBefore).toHaveLength(2);
    expect((await owner.api.get(`/api/v1.0/people/${erin.personUniqueId}/picture/`)).status).toBe(200);

    const erased = await erin.api.delete('/api/v1.0/me/', { json: { current_password: erin.password } });
    expect(erased.status).toBe(204);
    expect((await erin.api.get('/api/v1.0/me/')).status).toBe(401);
    // Her picture's file is gone, Paul's is not.
    expect((await owner.api.get(`/api/v1.0/people/${erin.personUniqueId}/picture/`)).status).toBe(404);
    expect(pictures()).toHaveLength(1);
    expect(picturesBefore).toContain(pictures()[0]);
    expect((await owner.api.get(`/api/v1.0/people/${paul.personUniqueId}/picture/`)).status).toBe(200);
    // Her own organisation's receipt is recorded for removal, and the sweep removes it.
    await app.application.container.get(SweepFileRemovals).execute();
    expect(receipts()).toEqual([]);

    const after = await report();
    expect(after.body).toEqual(before.body);
    const expense = await owner.api.get(`${shared()}/expenses/${erinExpenses[0]}/`);
    expect(expense.status).toBe(200);
    expect(expense.body.employee).toEqual({ unique_id: erin.personUniqueId, full_name: 'Deleted user' });
    expect(expense.body.total_amount).toBe('125.50');
    const members = await owner.api.get(`${shared()}/members/`);
    expect(members.text).not.toContain(erin.personUniqueId);
    const activity = await owner.api.get(`${shared()}/activity/`);
    expect(activity.status).toBe(200);
    expect(activity.text).toContain('Deleted user');

    const raw = rawDatabase();
    for (const [label, value] of Object.entries(erinData)) {
      expect([label, raw.includes(value)]).toEqual([label, false]);
    }
    expect(raw.toLowerCase()).not.toContain(erinData.email.toLowerCase());
    // Paul is untouched: his name is still there to be found.
    expect(raw).toContain(paulData.lastName);

    const again = await signUp(app.client, { email: erinData.email, first_name: 'Erin', last_name: 'Again' });
    expect((await again.api.get('/api/v1.0/me/')).body.user.email).toBe(erinData.email);
  });
});
