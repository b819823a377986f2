import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORGANISATION_TOKENS, OrganisationRepository } from '../../application/organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../../application/person/person.ports';
import { VENDOR_TOKENS, VendorRepository } from '../../application/supplier/vendor.kind';
import { Rng } from '../../config/seeding/generated-data';
import { addVendors, BENCH_EMAIL, BENCH_PASSWORD, seed } from '../../config/seeding/bulk-seed';
import { peakRss, ServerProcess, startServer } from '../bench/server-process';
import { signUp, TestUser } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { expectedCsvRows, parseCsv } from '../support/csv';
import { testDatabases } from '../support/databases';
import { createExpense } from '../support/expenses';
import { addMember } from '../support/members';
import { startTestApp, TestApp } from '../support/test-app';

const VENDOR_COLUMNS = [
  'unique_id', 'name', 'description', 'entity_type', 'entity_type_display', 'vendor_status', 'vendor_status_display',
  'vendor_category', 'vendor_category_display', 'industry', 'industry_display', 'website', 'company_size', 'annual_revenue',
  'minimum_order_amount', 'default_currency', 'first_contact_date', 'last_contact_date', 'next_follow_up_date', 'last_order_date',
  'contract_start_date', 'contract_end_date', 'quality_rating', 'delivery_rating',
  'address.address_line_1', 'address.address_line_2', 'address.city', 'address.province_state', 'address.postal_code',
  'address.country', 'address.phone',
  'banking_information.bank_name', 'banking_information.account_number', 'banking_information.account_number_last4',
  'banking_information.branch_code', 'banking_information.account_type', 'banking_information.routing_number',
  'banking_information.swift_code',
  'created_by.unique_id', 'created_by.full_name', 'assigned_to.unique_id', 'assigned_to.full_name',
  'account_owner.unique_id', 'account_owner.full_name', 'days_since_last_contact', 'days_since_last_order',
  'is_follow_up_overdue', 'is_contract_active', 'date_created', 'last_updated',
];
const GENERATED_VENDORS = 2_500;

/** Every item of a JSON list, read a page of 1 000 at a time as a client would. */
async function jsonList(api: ApiClient, list: string, query = ''): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let page = 1; ; page += 1) {
    const response = await api.get(`${list}?${query}&page=${page}&page_size=1000`);
    expect(response.status).toBe(200);
    items.push(...response.body);
    if (response.body.length < 1000) return items;
  }
}

/** The CSV export of a list, parsed: its header and rows. */
async function csvExport(api: ApiClient, list: string, query = '') {
  const response = await api.get(`${list}?${query}&format=csv`);
  expect([response.status, response.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
  const [header, ...rows] = parseCsv(response.text);
  return { response, header, rows };
}

/** The CSV export holds exactly the JSON list's items, in its order, under the header. */
async function expectExportOfJsonList(api: ApiClient, list: string, query = ''): Promise<string[]> {
  const [items, exported] = await Promise.all([jsonList(api, list, query), csvExport(api, list, query)]);
  expect(exported.rows).toEqual(expectedCsvRows(exported.header, items));
  return exported.header;
}

describe.each(testDatabases())('CSV export of the lists on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client, { first_name: 'Olu', last_name: 'Owner' });
    member = await signUp(app.client, { first_name: 'Mae', last_name: 'Member' });
    stranger = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
    const { container } = app.application;
    const organisation = await container
      .get<OrganisationRepository>(ORGANISATION_TOKENS.OrganisationRepository)
      .findByUniqueId(owner.organisationUniqueId);
    const person = await container.get<PersonRepository>(PERSON_TOKENS.PersonRepository).findByEmail(owner.email);
    await addVendors(container, { organisationId: organisation!.id, createdById: person!.id }, GENERATED_VENDORS, new Rng(42));
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  const org = () => `/api/v1.0/organisation/${owner.organisationUniqueId}`;
  const vendors = () => `${org()}/vendors/`;

  it('exports every vendor, filtered and ordered as the JSON list, across pages of 1 000, with nested objects in dotted columns', async () => {
    expect(await expectExportOfJsonList(member.api, vendors())).toEqual(VENDOR_COLUMNS);
    await expectExportOfJsonList(member.api, vendors(), 'ordering=-quality_rating');
    await expectExportOfJsonList(member.api, vendors(), 'status=active&search=acme&ordering=date_created');

    const { response, rows } = await csvExport(member.api, vendors(), 'page=2&page_size=10');
    expect(rows).toHaveLength(GENERATED_VENDORS);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="vendors.csv"');
    expect(response.headers.get('x-total-count')).toBe(String(GENERATED_VENDORS));
    expect(response.headers.get('link')).toBeNull();
    expect(response.text.endsWith('\r\n')).toBe(true);
  });

  it('writes UTF-8 without a BOM, quotes what needs it, and derives the header from the schema when no row has a nested object', async () => {
    const name = 'Kafé "Ünïcödé", Ltd\nsecond line';
    const created = await member.api.post(`${vendors()}create/`, { name, unique_id: 'kafe' });
    expect(created.status).toBe(201);
    const auth = `Basic ${Buffer.from(`${member.email}:${member.password}`).toString('base64')}`;
    const raw = await fetch(`${app.client.baseUrl}${vendors()}?format=csv&search=kaf`, { headers: { Authorization: auth } });
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    const [header, row, ...rest] = parseCsv(bytes.toString('utf8'));
    expect(rest).toEqual([]);
    expect(header).toEqual(VENDOR_COLUMNS);
    const cell = (column: string) => row[header.indexOf(column)];
    expect([cell('name'), cell('address.city'), cell('banking_information.bank_name')]).toEqual([name, '', '']);
    expect([cell('is_contract_active'), cell('is_follow_up_overdue'), cell('created_by.full_name')]).toEqual(['false', 'false', 'Mae Member']);

    const none = await csvExport(member.api, vendors(), 'search=no-such-vendor-anywhere');
    expect([none.header, none.rows]).toEqual([VENDOR_COLUMNS, []]);
  });

  it("prefixes with ' every text a spreadsheet would run as a formula", async () => {
    // (Names are trimmed on input: a leading tab or carriage return cannot be stored in one.)
    const names = ['=cmd|/C calc!A0', '+1', '-1', '@x', 'Plain'];
    for (const [i, name] of names.entries()) {
      expect((await member.api.post(`${vendors()}create/`, { name, unique_id: `formula-${i}` })).status).toBe(201);
    }
    const { header, rows } = await csvExport(member.api, vendors(), 'ordering=date_created');
    const exported = new Map(rows.map((row) => [row[header.indexOf('unique_id')], row[header.indexOf('name')]]));
    expect(names.map((_, i) => exported.get(`formula-${i}`))).toEqual(["'=cmd|/C calc!A0", "'+1", "'-1", "'@x", 'Plain']);
  });

  it('quotes every cell holding a line feed, a carriage return or both, so that each record stays one row in a strict reader', async () => {
    const descriptions: Record<string, [string, string]> = {
      // unique_id: [the description sent, its cell as the file writes it]
      lf: ['line one\nline two', '"line one\nline two"'],
      cr: ['line one\rline two', '"line one\rline two"'],
      crlf: ['line one\r\nline two', '"line one\r\nline two"'],
      quotes: ['the "best" cabs', '"the ""best"" cabs"'],
      commas: ['cabs, vans, trucks', '"cabs, vans, trucks"'],
      equals: ['=HYPERLINK("http://evil.example")\nsecond line', `"'=HYPERLINK(""http://evil.example"")\nsecond line"`],
      plus: ['+1\r2', `"'+1\r2"`],
      minus: ['-1', "'-1"],
      at: ['@SUM(A1)', "'@SUM(A1)"],
    };
    for (const [key, [description]] of Object.entries(descriptions)) {
      expect((await member.api.post(`${vendors()}create/`, { name: `Breaks ${key}`, unique_id: `breaks-${key}`, description })).status).toBe(201);
    }
    const { response, header, rows } = await csvExport(member.api, vendors(), 'search=breaks');
    const exported = new Map(rows.map((row) => [row[header.indexOf('unique_id')], row[header.indexOf('description')]]));
    expect(Object.fromEntries(exported)).toEqual(
      Object.fromEntries(Object.entries(descriptions).map(([key, [sent]]) => [`breaks-${key}`, /^[=+\-@]/.test(sent) ? `'${sent}` : sent])),
    );
    // The bytes themselves, between the name's and the entity type's cells.
    for (const [key, [, cell]] of Object.entries(descriptions)) expect(response.text).toContain(`,Breaks ${key},${cell},`);
  });

  it('exports expenses with their employee and vendor flattened', async () => {
    expect((await member.api.post(`${vendors()}create/`, { name: 'City Cabs', unique_id: 'city-cabs' })).status).toBe(201);
    await createExpense(member.api, owner.organisationUniqueId, { vendor_id: 'city-cabs', employee_id: member.personUniqueId, amount: '1234567.50' });
    await createExpense(member.api, owner.organisationUniqueId, { title: '=HYPERLINK("http://evil.example")', amount: '0.05' });
    await createExpense(owner.api, owner.organisationUniqueId, { vendor_id: 'city-cabs' });

    const header = await expectExportOfJsonList(member.api, `${org()}/expenses/`, 'ordering=-amount');
    expect(header).toEqual(expect.arrayContaining(['employee.unique_id', 'employee.full_name', 'vendor.unique_id', 'vendor.name', 'amount']));
    await expectExportOfJsonList(member.api, `${org()}/expenses/`, 'vendor_id=city-cabs');
    const { rows } = await csvExport(member.api, `${org()}/expenses/`, 'ordering=-amount');
    expect(rows[0][header.indexOf('amount')]).toBe('1234567.50');
    expect([rows[0][header.indexOf('employee.full_name')], rows[0][header.indexOf('vendor.name')]]).toEqual(['Mae Member', 'City Cabs']);
  });

  it('exports leads, contacts, members and accounts as their JSON lists', async () => {
    for (const title of ['Office fit-out', 'Roof, gutters and "extras"', '-discounted']) {
      const lead = { title, lead_source: 'referral', sales_stage: 'stage-qualified', estimated_value: '1000.50' };
      expect((await member.api.post(`${org()}/leads/create/`, lead)).status).toBe(201);
    }
    const leadHeader = await expectExportOfJsonList(member.api, `${org()}/leads/`);
    expect(leadHeader).toEqual(expect.arrayContaining(['created_by.full_name', 'assigned_to.unique_id', 'sales_stage']));
    await expectExportOfJsonList(member.api, `${org()}/leads/`, 'source=referral&ordering=title');

    const group = await member.api.post(`${org()}/contact-groups/create/`, { name: 'Suppliers' });
    const contacts = `${org()}/contact-groups/${group.body.unique_id}/contacts/`;
    for (const first of ['Ada', 'Grace', '@handle']) {
      expect((await member.api.post(`${contacts}create/`, { first_name: first, last_name: 'Lovelace', email: `${first.slice(1)}@example.com` })).status).toBe(201);
    }
    await expectExportOfJsonList(member.api, contacts);
    await expectExportOfJsonList(member.api, `${org()}/contact-groups/`);

    const membersHeader = await expectExportOfJsonList(owner.api, `${org()}/members/`);
    expect(membersHeader).toEqual(['unique_id', 'full_name', 'email', 'role', 'date_joined']);

    await expectExportOfJsonList(member.api, `${org()}/accounts/`, 'account_type=expense&ordering=name');
    const history = await expectExportOfJsonList(member.api, `${org()}/vendors/kafe/history/`);
    expect(history).toEqual(['id', 'model', 'record', 'action', 'at', 'actor.unique_id', 'actor.full_name', 'api_key.unique_id', 'api_key.name', 'changes']);
  });

  it('answers errors before the export begins as JSON: 404 to a stranger, 401 anonymous, 400 on a bad format or filter', async () => {
    const notFound = await stranger.api.get(`${vendors()}?format=csv`);
    expect([notFound.status, notFound.body]).toEqual([404, { detail: 'Not found.' }]);
    const anonymous = await app.client.get(`${vendors()}?format=csv`);
    expect([anonymous.status, anonymous.body]).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
    const format = await member.api.get(`${vendors()}?format=xml`);
    expect([format.status, format.body]).toEqual([400, { format: ['Select a valid choice. xml is not one of the available choices.'] }]);
    const filter = await member.api.get(`${vendors()}?format=csv&status=bogus`);
    expect([filter.status, filter.body]).toEqual([400, { status: ['Select a valid choice. bogus is not one of the available choices.'] }]);
    const ownersOnly = await member.api.get(`${org()}/activity/?format=csv`);
    expect([ownersOnly.status, ownersOnly.headers.get('content-type')]).toEqual([403, 'application/json; charset=utf-8']);

    const json = await member.api.get(`${vendors()}?format=json&page_size=2`);
    expect([json.status, json.body.length]).toEqual([200, 2]);
  });

  it('breaks the connection when a page fails once the file has begun, and goes on serving', async () => {
    const repository = app.application.container.get<VendorRepository>(VENDOR_TOKENS.VendorRepository);
    const original = repository.list.bind(repository);
    const failing = jest
      .spyOn(repository, 'list')
      .mockImplementationOnce(original)
      .mockRejectedValueOnce(new Error('the database went away'));
    try {
      const auth = `Basic ${Buffer.from(`${member.email}:${member.password}`).toString('base64')}`;
      const response = await fetch(`${app.client.baseUrl}${vendors()}?format=csv`, { headers: { Authorization: auth } });
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow('terminated');
      expect(failing).toHaveBeenCalledTimes(2);
    } finally {
      failing.mockRestore();
    }
    expect((await member.api.get(`${vendors()}?format=csv&search=kaf`)).status).toBe(200);
  });
});

/**
 * 100 000 vendors exported by the server in a process of its own, while the
 * client reads slowly: the server's memory stays near what it was, as it
 * holds about one page of 1 000 at a time (the file is some 60 MB). V8 lets
 * garbage build up to a multiple of the live heap before it collects (an
 * uncapped server's RSS rises some 80 MB, then falls back, export after
 * export); a cap on the heap makes RSS follow what is live, and an export
 * that kept its rows would run out of it.
 */
describe('CSV export memory', () => {
  const VENDORS = 100_000;
  let dataDir: string;
  let server: ServerProcess;
  let organisation: string;
  const auth = `Basic ${Buffer.from(`${BENCH_EMAIL}:${BENCH_PASSWORD}`).toString('base64')}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'api-csv-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', FIELD_ENCRYPTION_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'silent' };
    ({ organisation } = await seed(env, { vendors: 1_000, expenses: 0 }, () => undefined));
    copyVendors(path.join(dataDir, 'app.db'), organisation, VENDORS / 1_000 - 1);
    server = await startServer({ args: ['--max-old-space-size=128', '-r', 'ts-node/register/transpile-only', 'config/main.ts'], cwd: path.resolve(__dirname, '../..'), env: { ...env, TS_NODE_TRANSPILE_ONLY: 'true' } });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`streams ${VENDORS} vendors with under 45 MB of growth`, async () => {
    const list = `${server.baseUrl}/api/v1.0/organisation/${organisation}/vendors/?format=csv`;
    // A first, smaller export brings the server to its working size.
    expect((await (await fetch(`${list}&search=acme`, { headers: { Authorization: auth } })).text()).length).toBeGreaterThan(0);
    const before = server.rssMb();
    const { result: lines, peakMb } = await peakRss(server, () => slowlyCountLines(list, auth));
    expect(lines).toBe(VENDORS + 1);
    // Streaming grows it by 20–32 MB (the young generation, a page of rows, the socket's buffers); the file alone is 60 MB.
    expect(peakMb - before).toBeLessThan(45);
  }, 60_000);
});

/** Copies an organisation's vendors `times` over by SQL, each copy with new ids: a large list in seconds. */
function copyVendors(file: string, organisation: string, times: number): void {
  const db = new Database(file);
  try {
    db.prepare('CREATE TEMP TABLE copied AS SELECT * FROM vendors WHERE organisation_id = (SELECT id FROM organisations WHERE unique_id = ?)').run(organisation);
    const renew = db.prepare('UPDATE copied SET id = lower(hex(randomblob(16))), unique_id = lower(hex(randomblob(12)))');
    const insert = db.prepare('INSERT INTO vendors SELECT * FROM copied');
    db.transaction(() => {
      for (let i = 0; i < times; i += 1) {
        renew.run();
        insert.run();
      }
    })();
  } finally {
    db.close();
  }
}

const PAUSE_AT_CHUNKS = [1, 1_000];

/** Reads a response a little at a time (pausing as a slow client does) and counts its CSV lines. */
function slowlyCountLines(url: string, authorization: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { Authorization: authorization } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`answered ${response.statusCode}`));
        let lines = 0;
        let chunks = 0;
        response.on('data', (chunk: Buffer) => {
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
          chunks += 1;
          // Stops reading twice: the server must wait rather than go on reading pages it cannot send.
          if (PAUSE_AT_CHUNKS.includes(chunks)) {
            response.pause();
            setTimeout(() => response.resume(), 1_500);
          }
        });
        response.on('end', () => resolve(lines));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
