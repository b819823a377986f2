import { keyContains, searchKey } from '../../../adapters/persistence/search-key';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { OrganisationRecords, SearchPlan } from '../../../adapters/persistence/typeorm/organisation-records';
import { CLIENT_TOKENS } from '../../../application/client/client.kind';
import { EXPENSE_TOKENS } from '../../../application/expense/expense.ports';
import { LEAD_TOKENS } from '../../../application/lead/lead.kind';
import { VENDOR_TOKENS } from '../../../application/supplier/vendor.kind';
import { signUp, TestUser } from '../../support/accounts';
import { testDatabases, TestDatabase } from '../../support/databases';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Searches go through an index (FTS5 trigrams on SQLite, pg_trgm on
 * Postgres) and must answer exactly what the one rule of search-key.ts
 * answers, which the in-memory adapters apply row by row: the same rows on
 * both engines for every term a user may type, including those a trigram
 * index cannot serve alone (one and two characters) and those that mean
 * something to LIKE or to FTS5's query syntax.
 */

const NAMES = [
  'Acme Supplies Ltd',
  'ACME Logistics',
  'Café Crème',
  'Cafe Creme',
  'Straße & Söhne',
  'İstanbul Trading',
  '100% Organic',
  '100 Percent',
  'snake_case Foods',
  'snakeXcase Foods',
  'Back\\slash Inc',
  'Say "Cheese" Co',
  "O'Brien's Bakery",
  'AND OR NOT Partners',
  'NEAR (the) Sea*',
  'Emoji 🚀 Rockets',
  'ab',
  'x',
  'Colon: Prefix',
  '-dash- Co',
];

const TERMS = [
  'acme', 'ACME', 'Ac', 'a', 'é', 'caf', 'café', 'crème', 'creme', 'straße', 'ss', 'i̇stan', 'istan', '%', '100%', '0%', '%o',
  '_', 'e_c', 'snake_case', 'e\\s', '\\', '"', '"cheese"', "o'b", "'", 'and', 'AND OR', 'or not', 'near', '(the)', 'sea*', '*',
  '🚀', '🚀 r', 'ab', 'x', 'colon:', ': p', '-dash-', 'e c', 'supplies ltd', 'not-there', 'zzz', 'oo',
];

describe.each(testDatabases())('searches served by an index on $name', (factory) => {
  let database: TestDatabase;
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  const base = (user: TestUser) => `/api/v1.0/organisation/${user.organisationUniqueId}`;

  /** The unique_ids a list answers for `query`, sorted. */
  const found = async (resource: string, query: string): Promise<string[]> => {
    const response = await owner.api.get(`${base(owner)}/${resource}/?page_size=100&${query}`);
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('x-total-count'))).toBe(response.body.length);
    return (response.body as { unique_id: string }[]).map((r) => r.unique_id).sort();
  };
  const expected = (records: Record<string, (string | null)[]>, term: string): string[] =>
    Object.entries(records)
      .filter(([, texts]) => texts.some((text) => keyContains(searchKey(text), term)))
      .map(([id]) => id)
      .sort();

  const vendors: Record<string, (string | null)[]> = {};
  const clients: Record<string, (string | null)[]> = {};
  const expenses: Record<string, (string | null)[]> = {};
  const leads: Record<string, (string | null)[]> = {};

  beforeAll(async () => {
    database = await factory.create();
    app = await startTestApp(database);
    owner = await signUp(app.client);
    other = await signUp(app.client);
    for (const [i, name] of NAMES.entries()) {
      const website = i % 3 === 0 ? `https://${name.toLowerCase().replace(/[^a-z]/g, '')}.example.com` : null;
      const email = i % 2 === 0 ? `${name.replace(/[^A-Za-z]/g, '').toLowerCase() || 'x'}@example.com` : null;
      const created = [
        await owner.api.post(`${base(owner)}/vendors/create/`, { unique_id: `v${i}`, name, website }),
        await owner.api.post(`${base(owner)}/clients/create/`, { unique_id: `c${i}`, name, email }),
        await owner.api.post(`${base(owner)}/expenses/create/`, {
          unique_id: `e${i}`,
          title: name,
          expense_number: `EXP-${i}`,
          account_id: 'acct-5000',
          expense_date: '2026-01-15',
          amount: '1.00',
        }),
        await owner.api.post(`${base(owner)}/leads/create/`, { unique_id: `l${i}`, title: name, lead_source: 'referral', sales_stage: 'stage-qualified' }),
      ];
      expect(created.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      vendors[`v${i}`] = [name, website];
      clients[`c${i}`] = [name, email];
      expenses[`e${i}`] = [searchKey(`EXP-${i}`, name)];
      leads[`l${i}`] = [name];
      // The other organisation has the same names: none of its rows may appear.
      await other.api.post(`${base(other)}/vendors/create/`, { unique_id: `theirs-v${i}`, name });
      await other.api.post(`${base(other)}/expenses/create/`, {
        title: name,
        expense_number: `EXP-${i}`,
        account_id: 'acct-5000',
        expense_date: '2026-01-15',
        amount: '1.00',
      });
    }
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it.each(TERMS)('finds for %j exactly the rows whose keys contain it', async (term) => {
    const q = encodeURIComponent(term);
    expect(await found('vendors', `search=${q}`)).toEqual(expected(vendors, term));
    expect(await found('clients', `search=${q}`)).toEqual(expected(clients, term));
    expect(await found('expenses', `search=${q}`)).toEqual(expected(expenses, term));
    expect(await found('leads', `name=${q}`)).toEqual(expected(leads, term));
  });

  it.each(TERMS)('answers the same page for %j whether it reads the search index or walks the list in order', async (term) => {
    const db = app.application.container.get(TypeOrmDatabase);
    const [[{ id: organisationId }]] = await db.select([db.sql('SELECT id FROM organisations WHERE unique_id = :org', { org: owner.organisationUniqueId })]);
    const lists: [symbol, string, Record<string, string>][] = [
      [VENDOR_TOKENS.VendorRepository, 'name', { search: term }],
      [CLIENT_TOKENS.ClientRepository, 'name', { search: term }],
      [EXPENSE_TOKENS.ExpenseRepository, 'expense_date', { search: term }],
      [LEAD_TOKENS.LeadRepository, 'title', { name: term }],
    ];
    for (const [token, field, filters] of lists) {
      const repository = app.application.container.get<OrganisationRecords<never, never, object, string>>(token);
      const page = async (plan: SearchPlan) => {
        const query = repository.pageQuery(organisationId as string, { filters, ordering: { field, descending: false }, page: { page: 1, pageSize: 100 } }, plan);
        return (await db.select([query]))[0].map((row) => row.unique_id);
      };
      const indexed = await page('indexed');
      expect({ token, term, ids: await page('scan') }).toEqual({ token, term, ids: indexed });
    }
  });

  it('finds something for most terms: the comparison is not between two empty lists', async () => {
    const answered = await Promise.all(TERMS.map(async (term) => (await found('vendors', `search=${encodeURIComponent(term)}`)).length));
    expect(answered.filter((n) => n > 0).length).toBeGreaterThan(TERMS.length * 0.7);
  });

  it("never matches across an expense's number and title", async () => {
    expect(await found('expenses', `search=${encodeURIComponent('exp-1acme')}`)).toEqual([]);
    expect(await found('expenses', `search=${encodeURIComponent('-0acme')}`)).toEqual([]);
    expect(await found('expenses', `search=${encodeURIComponent('exp-0')}`)).toEqual(['e0']);
  });

  it('follows renames and deletions', async () => {
    await owner.api.post(`${base(owner)}/vendors/create/`, { unique_id: 'renamed', name: 'Quokka Holdings' });
    expect(await found('vendors', 'search=quokka')).toEqual(['renamed']);
    expect((await owner.api.patch(`${base(owner)}/vendors/renamed/update/`, { name: 'Wombat Holdings' })).status).toBe(200);
    expect(await found('vendors', 'search=quokka')).toEqual([]);
    expect(await found('vendors', 'search=wombat')).toEqual(['renamed']);
    expect((await owner.api.patch(`${base(owner)}/vendors/renamed/update/`, { description: 'name untouched' })).status).toBe(200);
    expect(await found('vendors', 'search=wombat')).toEqual(['renamed']);
    expect((await owner.api.request('DELETE', `${base(owner)}/vendors/renamed/delete/`)).status).toBe(204);
    expect(await found('vendors', 'search=wombat')).toEqual([]);
  });
});
