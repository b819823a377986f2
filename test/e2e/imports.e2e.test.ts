import { ORGANISATION_TOKENS, OrganisationRepository } from '../../application/organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../../application/person/person.ports';
import { addVendors } from '../../config/seeding/bulk-seed';
import { Rng } from '../../config/seeding/generated-data';
import { signUp, TestUser } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { parseCsv } from '../support/csv';
import { testDatabases } from '../support/databases';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/** RFC 4180 text with CR LF, every cell quoted where it needs it, as a spreadsheet saves it. */
function csvText(rows: string[][], delimiter = ','): string {
  const quote = (cell: string) => (/[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return rows.map((row) => row.map(quote).join(delimiter) + '\r\n').join('');
}

/** A multipart import request of `file` (bytes or text) with its other fields. */
function importForm(file: string | Buffer, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([typeof file === 'string' ? Buffer.from(file, 'utf8') : file], { type: 'text/csv' }), 'import.csv');
  return form;
}

/** Every item of a JSON list, a page of 1 000 at a time. */
async function jsonList(api: ApiClient, list: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let page = 1; ; page += 1) {
    const response = await api.get(`${list}?page=${page}&page_size=1000&ordering=name`);
    expect(response.status).toBe(200);
    items.push(...response.body);
    if (response.body.length < 1000) return items;
  }
}

/** '' as null, everywhere: a CSV cell cannot tell them apart (docs/decisions/csv-export.md). */
const blankAsNull = (value: unknown): unknown => {
  if (value === '') return null;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, blankAsNull(inner)]));
};

/** What an import may change of a record: its dates, and the people (the importer made it). */
const withoutIdsAndDates = (item: Record<string, unknown>) => {
  const { date_created, last_updated, created_by, assigned_to, account_owner, ...rest } = item;
  return blankAsNull(rest);
};

describe.each(testDatabases())('CSV imports on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database, { env: { WEBHOOK_POLL_MS: '20' } });
    receiver = await new WebhookReceiver().start();
    owner = await signUp(app.client, { first_name: 'Olu', last_name: 'Owner' });
    member = await signUp(app.client, { first_name: 'Mae', last_name: 'Member' });
    stranger = await signUp(app.client, { first_name: 'Sam', last_name: 'Stranger' });
    await addMember(app, owner.organisationUniqueId, member);
  });

  afterAll(async () => {
    await app.close();
    await receiver.close();
    await dispose();
  });

  const org = (user: TestUser = owner) => `/api/v1.0/organisation/${user.organisationUniqueId}`;
  const importFile = (user: TestUser, file: string | Buffer, fields: Record<string, string>, into: TestUser = owner, headers: Record<string, string> = {}) =>
    user.api.request('POST', `${org(into)}/imports/`, { multipart: importForm(file, fields), headers });

  it('imports clients from a file with a BOM, semicolons and LF, reports unknown columns once and reads protected cells back', async () => {
    const file = '\ufeffname;email;favourite_colour\n=Formula Ltd;;blue\n\'=Protected;a@example.com;red\n';
    const response = await importFile(member, file, { resource: 'clients' });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'done', rows: 2, created: 2, updated: 0, unchanged: 0, invalid: 0, unknown_columns: ['favourite_colour'], errors: [] });
    const names = (await jsonList(member.api, `${org()}/clients/`)).map((client) => client.name);
    expect(names).toEqual(expect.arrayContaining(['=Formula Ltd', '=Protected']));
  });

  it('announces an imported vendor as vendor.created with its history entry, as the one-record API does; a dry run announces nothing', async () => {
    const hook = await owner.api.post(`${org()}/webhooks/create/`, { url: receiver.url, events: ['vendor.created', 'vendor.updated'] });
    expect(hook.status).toBe(201);
    const checked = await importFile(member, 'unique_id,name\r\nhooked,Hooked Ltd\r\n', { resource: 'vendors', dry_run: 'true' });
    expect(checked.body).toMatchObject({ status: 'checked', created: 1 });
    const imported = await importFile(member, 'unique_id,name,website\r\nhooked,Hooked Ltd,\r\n', { resource: 'vendors' });
    expect(imported.body).toMatchObject({ status: 'done', created: 1 });
    const updated = await importFile(member, 'unique_id,name,website\r\nhooked,Hooked Ltd,https://hooked.example.com\r\n', { resource: 'vendors' });
    expect(updated.body).toMatchObject({ status: 'done', updated: 1 });

    await receiver.waitFor((received) => received.length >= 2);
    const vendor = await owner.api.get(`${org()}/vendors/hooked/`);
    expect(receiver.received.map((message) => [message.event.type, message.event.data.unique_id])).toEqual([['vendor.created', 'hooked'], ['vendor.updated', 'hooked']]);
    expect(receiver.ofType('vendor.updated')[0].event.data).toEqual(vendor.body);
    const history = await owner.api.get(`${org()}/vendors/hooked/history/`);
    expect(history.body.map((entry: { action: string; actor: { unique_id: string }; changes: object }) => [entry.action, entry.actor.unique_id])).toEqual([
      ['updated', member.personUniqueId],
      ['created', member.personUniqueId],
    ]);
    expect(history.body[0].changes).toEqual({ website: [null, 'https://hooked.example.com'] });
    expect((await owner.api.delete(`${org()}/webhooks/${hook.body.unique_id}/`)).status).toBe(204);
  });

  it('round-trips 1 000 exported vendors: created in an empty organisation, then unchanged, then 10 edited cells updated', async () => {
    const { container } = app.application;
    const exporter = await signUp(app.client, { first_name: 'Eve', last_name: 'Exporter' });
    const organisation = await container.get<OrganisationRepository>(ORGANISATION_TOKENS.OrganisationRepository).findByUniqueId(exporter.organisationUniqueId);
    const person = await container.get<PersonRepository>(PERSON_TOKENS.PersonRepository).findByEmail(exporter.email);
    await addVendors(container, { organisationId: organisation!.id, createdById: person!.id }, 1000, new Rng(7));
    const exported = await exporter.api.get(`${org(exporter)}/vendors/?format=csv`);
    expect(exported.status).toBe(200);

    const first = await importFile(stranger, exported.text, { resource: 'vendors' }, stranger);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'done', rows: 1000, created: 1000, updated: 0, unchanged: 0, invalid: 0, unknown_columns: [] });
    const original = await jsonList(exporter.api, `${org(exporter)}/vendors/`);
    const byUniqueId = (items: Record<string, unknown>[]) => items.map(withoutIdsAndDates).sort((a, b) => String((a as { unique_id: string }).unique_id).localeCompare(String((b as { unique_id: string }).unique_id)));
    expect(byUniqueId(await jsonList(stranger.api, `${org(stranger)}/vendors/`))).toEqual(byUniqueId(original));

    const again = await importFile(stranger, exported.text, { resource: 'vendors' }, stranger);
    expect(again.body).toMatchObject({ status: 'done', rows: 1000, created: 0, updated: 0, unchanged: 1000, invalid: 0 });

    // A spreadsheet-like edit: quotes, commas, newlines, accents and a formula-looking text in 10 cells.
    const [header, ...rows] = parseCsv(exported.text);
    const values = ['Said "hi", left', 'Line one\nline two', 'Café Ünïcödé', '=SUM(A1:A2)', 'a;b,c', '+254 700', '@home', '"quoted"', 'Ça va, oui', '-minus'];
    const column = header.indexOf('description');
    values.forEach((value, index) => (rows[index * 97][column] = value.startsWith('=') || value.startsWith('+') || value.startsWith('@') || value.startsWith('-') ? `'${value}` : value));
    const edited = await importFile(stranger, csvText([header, ...rows]), { resource: 'vendors' }, stranger);
    expect(edited.body).toMatchObject({ status: 'done', rows: 1000, created: 0, updated: 10, unchanged: 990, invalid: 0 });
    const changed = await stranger.api.get(`${org(stranger)}/vendors/${rows[3 * 97][header.indexOf('unique_id')]}/`);
    expect(changed.body.description).toBe('=SUM(A1:A2)');
    const history = await stranger.api.get(`${org(stranger)}/vendors/${rows[0][header.indexOf('unique_id')]}/history/`);
    expect(history.body.map((entry: { action: string }) => entry.action)).toEqual(['updated', 'created']);
  }, 300_000);

  it('reads leads back from their export, references by unique_id: unchanged, then updated, an unknown stage refused on its row', async () => {
    const stages = await owner.api.get(`${org()}/sales-stages/`);
    const [first, second] = stages.body as { unique_id: string }[];
    const lead = await member.api.post(`${org()}/leads/create/`, { title: 'Round trip', lead_source: 'website', sales_stage: first.unique_id, estimated_value: '1200.50' });
    expect(lead.status).toBe(201);
    const exported = await member.api.get(`${org()}/leads/?format=csv`);
    const [header, ...rows] = parseCsv(exported.text);

    const again = await importFile(member, exported.text, { resource: 'leads' });
    expect(again.body).toMatchObject({ status: 'done', rows: rows.length, unchanged: rows.length, unknown_columns: [] });

    const row = rows.find((cells) => cells[header.indexOf('unique_id')] === lead.body.unique_id)!;
    const stageColumn = header.indexOf('sales_stage');
    const moved = await importFile(member, csvText([header, Object.assign([...row], { [stageColumn]: second.unique_id })]), { resource: 'leads' });
    expect(moved.body).toMatchObject({ status: 'done', updated: 1 });
    expect((await member.api.get(`${org()}/leads/${lead.body.unique_id}/`)).body.sales_stage).toBe(second.unique_id);

    const unknown = await importFile(member, csvText([header, Object.assign([...row], { [stageColumn]: 'no-such-stage' })]), { resource: 'leads' });
    expect(unknown.body).toMatchObject({ status: 'failed', invalid: 1, errors: [{ row: 2, errors: { sales_stage: [expect.stringContaining('no-such-stage')] } }] });
  });

  it.each([
    ['accounts', undefined],
    ['clients', { name: 'Exported client', email: 'exported@example.com', website: 'https://exported.example.com' }],
    ['vendors', { name: '=Exported, "vendor"\nsecond line', address: { city: 'Nairobi', country: 'KE' }, quality_rating: '4.50' }],
  ])('reads the export of %s back as unchanged rows', async (resource, record) => {
    if (record) expect((await member.api.post(`${org()}/${resource}/create/`, record)).status).toBe(201);
    const exported = await member.api.get(`${org()}/${resource}/?format=csv`);
    const rows = parseCsv(exported.text).length - 1;
    expect(rows).toBeGreaterThan(0);
    const response = await importFile(member, exported.text, { resource });
    expect(response.body).toMatchObject({ status: 'done', rows, created: 0, updated: 0, unchanged: rows, invalid: 0, unknown_columns: [] });
  });

  describe('a file with 5 bad rows among 100', () => {
    const badRows = new Set([3, 17, 42, 77, 100]);
    const file = () =>
      csvText([
        ['name', 'website', 'unique_id'],
        ...Array.from({ length: 100 }, (_, index) => [`Client ${index + 1}`, badRows.has(index + 1) ? 'not a url' : `https://c${index + 1}.example.com`, `five-bad-${index + 1}`]),
      ]);
    const count = async () => (await jsonList(owner.api, `${org()}/clients/`)).filter((client) => String(client.unique_id).startsWith('five-bad-')).length;
    const expectedErrors = [...badRows].map((row) => ({ row: row + 1, errors: { website: ['Enter a valid URL.'] } }));

    it('a dry run writes nothing and lists exactly the 5 with their errors', async () => {
      const response = await importFile(member, file(), { resource: 'clients', dry_run: 'true' });
      expect(response.body).toEqual(expect.objectContaining({ status: 'checked', rows: 100, created: 95, invalid: 5, errors: expectedErrors }));
      expect(await count()).toBe(0);
    });

    it('all_or_nothing writes nothing', async () => {
      const response = await importFile(member, file(), { resource: 'clients' });
      expect(response.body).toEqual(expect.objectContaining({ status: 'failed', rows: 100, created: 0, invalid: 5, errors: expectedErrors }));
      expect(await count()).toBe(0);
    });

    it('valid_rows writes the 95 others', async () => {
      const response = await importFile(member, file(), { resource: 'clients', mode: 'valid_rows' });
      expect(response.body).toEqual(expect.objectContaining({ status: 'done', rows: 100, created: 95, invalid: 5, errors: expectedErrors }));
      expect(await count()).toBe(95);
    });

    it('keeps the import: its answer again, its errors paged and as CSV, for the member who ran it and owners alone', async () => {
      const response = await importFile(member, file(), { resource: 'clients', dry_run: 'true' });
      const path = `${org()}/imports/${response.body.unique_id}`;
      const read = await member.api.get(`${path}/`);
      expect([read.status, read.body]).toEqual([200, response.body]);
      expect(read.body).toMatchObject({ resource: 'clients', mode: 'all_or_nothing', dry_run: true, status: 'checked' });
      expect((await owner.api.get(`${path}/`)).status).toBe(200);

      const page = await member.api.get(`${path}/errors/?page=2&page_size=2`);
      expect([page.status, page.body, page.headers.get('x-total-count')]).toEqual([200, expectedErrors.slice(2, 4), '5']);
      const csv = await member.api.get(`${path}/errors/?format=csv`);
      expect(parseCsv(csv.text)).toEqual([['row', 'errors'], ...expectedErrors.map(({ row, errors }) => [String(row), JSON.stringify(errors)])]);

      // Another member, and another organisation's owner, see nothing.
      const other = await signUp(app.client, { first_name: 'Oto', last_name: 'Other' });
      await addMember(app, owner.organisationUniqueId, other);
      for (const api of [other.api, stranger.api]) {
        expect((await api.get(`${path}/`)).status).toBe(404);
        expect((await api.get(`${path}/errors/`)).status).toBe(404);
      }
      expect((await stranger.api.get(`${org(stranger)}/imports/${response.body.unique_id}/`)).status).toBe(404);
    });
  });

  describe('a bad file is a 400 on `file`, nothing written', () => {
    const clients = async () => (await jsonList(owner.api, `${org()}/clients/`)).length;
    const refused = async (file: string | Buffer, message: string | RegExp) => {
      const before = await clients();
      const response = await importFile(member, file, { resource: 'clients', mode: 'valid_rows' });
      expect(response.status).toBe(400);
      expect(response.body.file).toEqual([expect.stringMatching(message)]);
      expect(await clients()).toBe(before);
    };

    it('not CSV', () => refused('name,website\nGood Co,\n"Unclosed,\n', /^The file is not valid CSV/));
    it('not UTF-8', () => refused(Buffer.concat([Buffer.from('name\nGood Co\n'), Buffer.from('Caf\xe9\n', 'latin1')]), 'The file is not UTF-8 text.'));
    it('a binary file', () => refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00]), 'The file is not UTF-8 text.'));
    it('a header without a required column', () => refused('email,website\na@example.com,\n', 'The header has no column "name", which every row needs.'));
    it('too many columns', () => refused(`name,${Array.from({ length: 500 }, (_, index) => `extra_${index}`).join(',')}\nAcme${','.repeat(500)}\n`, 'The header names more than 500 columns.'));
    it('an empty file', () => refused('', 'The submitted file is empty.'));
    it('a blank file', () => refused('\r\n\r\n', /^The file is empty/));
    it('100 001 rows', () => refused(`name\n${'Acme\n'.repeat(100_001)}`, 'The file holds more than 100000 rows.'));
    it('more than 30 MiB', () => refused(`name\n${`${'x'.repeat(99)}\n`.repeat(315_000)}`, 'The file is larger than 30 MiB.'));
  });

  it('imports contacts into the contact group named, which is required', async () => {
    const group = await owner.api.post(`${org()}/contact-groups/create/`, { name: 'Imported' });
    expect(group.status).toBe(201);
    const without = await importFile(member, 'first_name,last_name\nAda,Lovelace\n', { resource: 'contacts' });
    expect([without.status, without.body]).toEqual([400, { contact_group: ['This field is required.'] }]);
    const response = await importFile(member, 'first_name,last_name\nAda,Lovelace\n', { resource: 'contacts', contact_group: group.body.unique_id });
    expect(response.body).toMatchObject({ status: 'done', created: 1 });
    const contacts = await owner.api.get(`${org()}/contact-groups/${group.body.unique_id}/contacts/`);
    expect(contacts.body.map((contact: { first_name: string }) => contact.first_name)).toEqual(['Ada']);
    const exported = await owner.api.get(`${org()}/contact-groups/${group.body.unique_id}/contacts/?format=csv`);
    const again = await importFile(member, exported.text, { resource: 'contacts', contact_group: group.body.unique_id });
    expect(again.body).toMatchObject({ status: 'done', rows: 1, unchanged: 1, unknown_columns: [] });
  });

  it('answers 404 to someone outside the organisation, and replays an answer under the same Idempotency-Key', async () => {
    const outside = await importFile(stranger, 'name\nIntruder\n', { resource: 'clients' });
    expect(outside.status).toBe(404);

    const headers = { 'Idempotency-Key': 'import-once' };
    const first = await importFile(member, 'name\nOnce Ltd\n', { resource: 'clients' }, owner, headers);
    const retry = await importFile(member, 'name\nOnce Ltd\n', { resource: 'clients' }, owner, headers);
    expect([retry.status, retry.body, retry.headers.get('idempotent-replayed')]).toEqual([201, first.body, 'true']);
    expect((await jsonList(owner.api, `${org()}/clients/`)).filter((client) => client.name === 'Once Ltd')).toHaveLength(1);
  });
});
