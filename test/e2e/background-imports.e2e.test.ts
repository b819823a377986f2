import { signUp, TestUser } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { testDatabases } from '../support/databases';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { importForm, vendorsFile, waitForImport } from '../support/imports';

/**
 * Files of more rows than `IMPORT_SYNC_MAX_ROWS` (1 000) run in the
 * background: 202 with the import queued, its progress polled, its end
 * announced as `import.completed` (docs/decisions/imports.md).
 */
describe.each(testDatabases())('background CSV imports on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let otherMember: TestUser;
  let stranger: TestUser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { env: { WEBHOOK_POLL_MS: '20' } });
    receiver = await new WebhookReceiver().start();
    owner = await signUp(app.client, { first_name: 'Olu', last_name: 'Owner' });
    member = await signUp(app.client, { first_name: 'Mae', last_name: 'Member' });
    otherMember = await signUp(app.client, { first_name: 'Mo', last_name: 'Other' });
    stranger = await signUp(app.client, { first_name: 'Sam', last_name: 'Stranger' });
    await addMember(app, owner.organisationUniqueId, member);
    await addMember(app, owner.organisationUniqueId, otherMember);
    const hook = await owner.api.post(`${org()}/webhooks/create/`, { url: receiver.url, events: ['import.completed'] });
    expect(hook.status).toBe(201);
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await receiver.close();
    await dispose();
  });

  const org = (user: TestUser = owner) => `/api/v1.0/organisation/${user.organisationUniqueId}`;
  const importFile = (user: TestUser, file: string, fields: Record<string, string>) => user.api.request('POST', `${org()}/imports/`, { multipart: importForm(file, fields) });
  const vendorIds = async (api: ApiClient, prefix: string) => {
    const ids: string[] = [];
    for (let page = 1; ; page += 1) {
      const response = await api.get(`${org()}/vendors/?page=${page}&page_size=1000`);
      ids.push(...response.body.map((vendor: { unique_id: string }) => vendor.unique_id).filter((id: string) => id.startsWith(prefix)));
      if (response.body.length < 1000) return ids;
    }
  };

  it('answers 202 for 2 500 rows, shows progress, imports them all once, and announces import.completed', async () => {
    const response = await importFile(member, vendorsFile('bulk', 2500), { resource: 'vendors', mode: 'valid_rows' });

    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ status: 'queued', rows: 2500, rows_done: 0, created: 0, date_finished: null, errors: [] });
    expect(response.headers.get('location')).toBe(`${org()}/imports/${response.body.unique_id}/`);
    const polls = await waitForImport(member.api, response.headers.get('location')!);
    const done = polls[polls.length - 1];
    expect(done).toMatchObject({ status: 'done', rows: 2500, rows_done: 2500, created: 2500, updated: 0, invalid: 0, errors: [] });
    expect(done.date_finished).toEqual(expect.any(String));
    // Progress only grows, a chunk at a time.
    const progress = polls.map((poll) => poll.rows_done as number);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(new Set(await vendorIds(owner.api, 'bulk-')).size).toBe(2500);
    expect(await vendorIds(owner.api, 'bulk-')).toHaveLength(2500);
    await receiver.waitFor((received) => received.some((message) => message.event.data.unique_id === response.body.unique_id), 30_000);
    const event = receiver.received.find((message) => message.event.data.unique_id === response.body.unique_id)!.event;
    expect(event).toMatchObject({ type: 'import.completed', data: { status: 'done', rows: 2500, rows_done: 2500, created: 2500, resource: 'vendors' } });
  }, 180_000);

  it('fails an all_or_nothing import with one bad row, writing nothing, and names the row', async () => {
    const response = await importFile(member, vendorsFile('aon', 2500, { bad: [2000] }), { resource: 'vendors' });
    expect(response.status).toBe(202);

    const polls = await waitForImport(member.api, response.headers.get('location')!);
    expect(polls[polls.length - 1]).toMatchObject({ status: 'failed', rows: 2500, rows_done: 2500, created: 0, updated: 0, invalid: 1, errors: [{ row: 2001, errors: { website: [expect.any(String)] } }] });
    expect(await vendorIds(owner.api, 'aon-')).toEqual([]);
    await receiver.waitFor((received) => received.some((message) => message.event.data.unique_id === response.body.unique_id), 30_000);
  }, 180_000);

  it('writes the other rows of a valid_rows import, its bad rows paged in errors/', async () => {
    const response = await importFile(member, vendorsFile('valid', 2500, { bad: [10, 2400] }), { resource: 'vendors', mode: 'valid_rows' });
    const polls = await waitForImport(member.api, response.headers.get('location')!);
    expect(polls[polls.length - 1]).toMatchObject({ status: 'done', rows_done: 2500, created: 2498, invalid: 2 });
    expect((await vendorIds(owner.api, 'valid-')).sort()).toHaveLength(2498);
    const errors = await member.api.get(`${org()}/imports/${response.body.unique_id}/errors/?page_size=1&page=2`);
    expect([errors.status, errors.headers.get('x-total-count'), errors.body]).toEqual([200, '2', [{ row: 2401, errors: { website: [expect.any(String)] } }]]);
  }, 180_000);

  it('checks a large dry run without writing anything', async () => {
    const response = await importFile(owner, vendorsFile('dry', 1500, { bad: [3] }), { resource: 'vendors', dry_run: 'true' });
    const polls = await waitForImport(owner.api, response.headers.get('location')!);
    expect(polls[polls.length - 1]).toMatchObject({ status: 'checked', dry_run: true, rows_done: 1500, created: 1499, invalid: 1, errors: [{ row: 4 }] });
    expect(await vendorIds(owner.api, 'dry-')).toEqual([]);
  }, 180_000);

  it('lists the imports newest first: a member their own, an owner every one; 404 outside the organisation', async () => {
    const small = await importFile(otherMember, 'name\nListed Co\n', { resource: 'clients' });
    expect(small.status).toBe(201);

    const mine = await member.api.get(`${org()}/imports/`);
    expect(mine.status).toBe(200);
    expect(mine.body.map((item: { created: number }) => item.created)).toEqual([2498, 0, 2500]);
    expect(mine.body[0]).not.toHaveProperty('errors');
    const theirs = await otherMember.api.get(`${org()}/imports/`);
    expect(theirs.body.map((item: { unique_id: string }) => item.unique_id)).toEqual([small.body.unique_id]);
    const all = await owner.api.get(`${org()}/imports/?page_size=2`);
    expect([all.headers.get('x-total-count'), all.body.map((item: { unique_id: string }) => item.unique_id)[0]]).toEqual(['5', small.body.unique_id]);
    expect((await stranger.api.get(`${org()}/imports/`)).status).toBe(404);
  }, 60_000);
});
