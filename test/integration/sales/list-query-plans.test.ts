import { randomBytes } from 'node:crypto';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { TypeOrmLeadRepository } from '../../../adapters/persistence/typeorm/lead/typeorm-lead.repository';
import { TypeOrmDeclaredRecords } from '../../../adapters/persistence/typeorm/declared/typeorm-declared.repository';
import { VENDOR_DECLARATION } from '../../../adapters/declaration/supplier/vendor.declaration';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { LeadListQuery } from '../../support/lead-use-cases';
import { RecordFilters } from '../../../application/records/record.ports';
import { ListQuery } from '../../../application/shared/page';

import { LEAD_SOURCES } from '../../../domain/lead/lead';
import { SalesStage } from '../../../domain/sales-stage/sales-stage';
import { BUSINESS_CATEGORIES } from '../../../domain/shared/enumerations';
import { VENDOR_CATEGORIES, VENDOR_ENTITY_TYPES, VENDOR_STATUSES } from '../../../domain/supplier/vendor';
import { ids, salesStorage } from '../../support/sales-storage';
import { expectIndexedInOrder, expectIndexedInPrefixOrder, queryPlan } from '../../support/query-plans';
import { storageTargets } from '../../support/storage';
import { SqlQuery } from '../../../adapters/persistence/typeorm/engine/sql';
import { Vendor } from '../../../domain/supplier/vendor';

type VendorListQuery = ListQuery<RecordFilters, string>;

const ROWS = 100_000;
const PAGE = { page: 1, pageSize: 100 };

/**
 * The indexes behind every equality filter and the default orders, proved on
 * an organisation of 100 000 leads and vendors: the engines' own plans (after
 * ANALYZE) must read a page through the index, in order. The substring filters
 * (`name`, `search`) read the search indexes of migration 920: FTS5 trigrams on
 * SQLite, pg_trgm GIN indexes on Postgres.
 */
describe.each(storageTargets().filter((target) => target.name !== 'in-memory'))('list query plans on $name', (target) => {
  let database: TypeOrmDatabase;
  let close: () => Promise<void>;
  let organisationId: string;

  beforeAll(async () => {
    const opened = await target.open();
    database = opened.database!;
    close = opened.close;
    const storage = salesStorage(database);
    const owner = await storage.anOrganisation();
    organisationId = owner.organisationId;
    const stage = SalesStage.create({ id: ids.next(), uniqueId: 'stage', organisationId, name: 'New', now: new Date() });
    await storage.stages.save(stage);
    await fill(database, organisationId, owner.personId, stage.id);
  }, 180_000);

  afterAll(() => close());

  it.each<[string, string, Partial<LeadListQuery>]>([
    ['in the default order', 'ix_leads_org_created', {}],
    ['by source', 'ix_leads_org_source', { filters: { source: 'seo' } }],
    ['by status won', 'ix_leads_org_outcome', { filters: { status: 'won' } }],
  ])('reads a page of leads %s through %s', async (_case, index, overrides) => {
    const query: LeadListQuery = { filters: {}, ordering: { field: 'date_created', descending: true }, page: PAGE, ...overrides };
    const pageQuery = new TypeOrmLeadRepository(database, new AesGcmSecretBox(randomBytes(32))).pageQuery(organisationId, { ...query, filters: { ...query.filters } });

    expectIndexedInOrder(await queryPlan(database, pageQuery), index);
  });

  // The index holds the title's key by its first 200 characters (a Postgres B-tree row holds at most 2 704 bytes): titles alike in them are sorted by the rest.
  it('reads a page of leads by title through ix_leads_org_title, sorting only the titles alike in their prefix', async () => {
    const pageQuery = new TypeOrmLeadRepository(database, new AesGcmSecretBox(randomBytes(32))).pageQuery(organisationId, {
      filters: {},
      ordering: { field: 'title', descending: false },
      page: PAGE,
    });

    expectIndexedInPrefixOrder(await queryPlan(database, pageQuery), 'ix_leads_org_title');
  });

  it.each<[string, string, Partial<VendorListQuery>]>([
    ['in the default order', 'ix_vendors_org_name', {}],
    ['by status', 'ix_vendors_org_status', { filters: { status: 'blacklisted' } }],
    ['by category', 'ix_vendors_org_category', { filters: { category: 'consultant' } }],
    ['by entity type', 'ix_vendors_org_entity_type', { filters: { entity_type: 'government' } }],
    ['by industry', 'ix_vendors_org_industry', { filters: { industry: 'printing' } }],
    ['ordered by status', 'ix_vendors_org_status_order', { ordering: { field: 'vendor_status', descending: false } }],
    ['newest first', 'ix_vendors_org_created', { ordering: { field: 'date_created', descending: true } }],
  ])('reads a page of vendors %s through %s', async (_case, index, overrides) => {
    const query: VendorListQuery = { filters: {}, ordering: { field: 'name', descending: false }, page: PAGE, ...overrides };
    const repository = new TypeOrmDeclaredRecords<Vendor>(database, new AesGcmSecretBox(randomBytes(32)), VENDOR_DECLARATION);
    const pageQuery = repository.pageQuery(organisationId, query);

    expectIndexedInOrder(await queryPlan(database, pageQuery), index);
  });
  it.each<[string, () => SqlQuery[], RegExp]>([
    [
      'vendors',
      () => {
        const repository = new TypeOrmDeclaredRecords<Vendor>(database, new AesGcmSecretBox(randomBytes(32)), VENDOR_DECLARATION);
        const filters = { search: 'vendor 4242' };
        return [
          repository.pageQuery(organisationId, { filters, ordering: { field: 'name', descending: false }, page: PAGE }),
          repository.countQuery(organisationId, filters),
        ];
      },
      /vendors_search VIRTUAL TABLE INDEX|ix_vendors_(name|website)_key_trgm/,
    ],
    [
      'leads',
      () => {
        const repository = new TypeOrmLeadRepository(database, new AesGcmSecretBox(randomBytes(32)));
        const filters = { name: 'lead 4242' };
        return [
          repository.pageQuery(organisationId, { filters, ordering: { field: 'date_created', descending: true }, page: PAGE }),
          repository.countQuery(organisationId, filters),
        ];
      },
      /leads_search VIRTUAL TABLE INDEX|ix_leads_title_key_trgm/,
    ],
  ])('searches %s through the trigram index, not a scan of the organisation', async (_resource, queries, index) => {
    const [page, count] = queries();
    const pagePlan = await queryPlan(database, page);
    expect(pagePlan).not.toMatch(/Seq Scan/);
    // Postgres may read a page through the list's order index and the trigram index alike, as its
    // estimate of the matches goes; SQLite reads the full-text index.
    if (database.dialect === 'sqlite') expect(pagePlan).toMatch(index);
    // The total counts the index's matches: it does not walk the organisation's rows.
    const countPlan = await queryPlan(database, count);
    expect(countPlan).toMatch(index);
    expect(countPlan).not.toMatch(/Seq Scan|INDEX ix_\w+_org/);
  });

  describe('a search whose matches are dense, once its count is known', () => {
    const vendors = () => new TypeOrmDeclaredRecords<Vendor>(database, new AesGcmSecretBox(randomBytes(32)), VENDOR_DECLARATION);
    /** The page statements `list` sends (those with an ORDER BY). */
    const pagesSent = async (repository: TypeOrmDeclaredRecords<Vendor>, query: VendorListQuery) => {
      const read = jest.spyOn(database, 'read');
      try {
        const page = await repository.list(organisationId, query);
        const sent = read.mock.calls.flatMap(([queries]) => queries.map((q) => q.sql)).filter((sql) => /^SELECT .* ORDER BY/s.test(sql));
        return { page, sent };
      } finally {
        read.mockRestore();
      }
    };
    // 'vendor 1' is in 11 112 of the 100 000 names (1, 10 to 19, …, 10 000 to 19 999, and 100 000).
    const dense: VendorListQuery = { filters: { search: 'vendor 1' }, ordering: { field: 'name', descending: false }, page: { page: 3, pageSize: 20 } };

    it('walks the list order index on SQLite, answering the page the search index answers', async () => {
      const repository = vendors();
      const first = await pagesSent(repository, dense);
      const second = await pagesSent(repository, dense);
      if (database.dialect === 'sqlite') {
        expect(first.sent).toEqual([expect.stringContaining('MATCH')]);
        expect(second.sent).toEqual([expect.not.stringContaining('MATCH')]);
        expect(second.sent[0]).toContain('LIKE');
        expectIndexedInOrder(await queryPlan(database, repository.pageQuery(organisationId, dense, 'scan')), 'ix_vendors_org_name');
      }
      expect(second.page.total).toBe(11_112);
      expect(second.page.items.map((v) => v.uniqueId)).toEqual(first.page.items.map((v) => v.uniqueId));
      expect(second.page.items).toHaveLength(20);
    });

    it('keeps the search index where no index serves the order, and where matches are rare', async () => {
      const repository = vendors();
      const unordered: VendorListQuery = { ...dense, ordering: { field: 'quality_rating', descending: false } };
      const rare: VendorListQuery = { ...dense, filters: { search: 'vendor 4242' } };
      for (const query of [unordered, rare]) {
        await repository.list(organisationId, query);
        const { sent } = await pagesSent(repository, query);
        if (database.dialect === 'sqlite') expect(sent).toEqual([expect.stringContaining('MATCH')]);
      }
    });
  });
});

/** 100 000 leads and vendors in one organisation, spread over every filter's values, generated by the engine itself. */
async function fill(database: TypeOrmDatabase, organisationId: string, personId: string, stageId: string): Promise<void> {
  const sqlite = database.dialect === 'sqlite';
  const numbers = sqlite ? `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})` : '';
  const from = sqlite ? 'FROM n' : `FROM generate_series(1, ${ROWS}) AS n(i)`;
  const instant = sqlite ? `strftime('%Y-%m-%d %H:%M:%f', '2026-01-01', '+' || i || ' seconds')` : `TIMESTAMPTZ '2026-01-01' + i * INTERVAL '1 second'`;
  const pick = (values: string[]) => `CASE i % ${values.length} ${values.map((v, k) => `WHEN ${k} THEN '${v}'`).join(' ')} END`;
  const q = (value: string) => `'${value}'`;
  await database.dataSource.query(
    `${numbers} INSERT INTO leads (id, organisation_id, unique_id, title, title_key, title_order, priority, lead_source, estimated_value,
       win_probability, outcome, sales_stage_id, client_id, created_by_id, assigned_to_id, date_created, last_updated)
     SELECT 'lead-' || i, ${q(organisationId)}, 'lead-' || i, 'Lead ' || i, 'lead ' || i, 'lead ' || i, 'medium',
       ${pick(LEAD_SOURCES.values)},
       i * 100, CASE i % 20 WHEN 0 THEN 10000 WHEN 1 THEN 0 ELSE 5000 END,
       CASE i % 20 WHEN 0 THEN 'won' WHEN 1 THEN 'lost' ELSE 'open' END,
       ${q(stageId)}, NULL, ${q(personId)}, ${q(personId)}, ${instant}, ${instant}
     ${from}`,
  );
  await database.dataSource.query(
    `${numbers} INSERT INTO vendors (id, organisation_id, unique_id, name, name_key, entity_type, vendor_status, vendor_category,
       industry, website, website_key, default_currency, created_by_id, assigned_to_id, account_owner_id, date_created, last_updated)
     SELECT 'vendor-' || i, ${q(organisationId)}, 'vendor-' || i, 'Vendor ' || i, 'vendor ' || i,
       ${pick(VENDOR_ENTITY_TYPES.values)},
       ${pick(VENDOR_STATUSES.values)},
       ${pick(VENDOR_CATEGORIES.values)},
       ${pick(BUSINESS_CATEGORIES.values)},
       'https://vendor' || i || '.example', 'https://vendor' || i || '.example', 'USD',
       ${q(personId)}, ${q(personId)}, ${q(personId)}, ${instant}, ${instant}
     ${from}`,
  );
  await database.dataSource.query(sqlite ? 'ANALYZE' : 'ANALYZE leads; ANALYZE vendors');
}
