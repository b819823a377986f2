import { Logger as TypeOrmLogger } from 'typeorm';
import { TypeOrmExpenseReportQueries } from '../../../adapters/persistence/typeorm/report/typeorm-expense-report.queries';
import { ExpenseReportFilters } from '../../../application/report/report.ports';
import { ExpenseGrouping } from '../../../domain/report/expense-report';
import { UuidV7Generator } from '../../../adapters/system/uuid-v7-generator';
import { ExpenseFilters, ExpenseOrderingField } from '../../../application/expense/expense.ports';
import { Person } from '../../../domain/person/person';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { OpenStorage, OrganisationFixture, sqlTargets } from './storage-targets';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { TypeOrmMembershipRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { randomBytes } from 'node:crypto';

const EXPENSES = 100_000;
const OTHER_ORGANISATION_EXPENSES = 20_000;
const EMPLOYEES = 20;
const VENDORS = 200;
const ids = new UuidV7Generator();
const NOW = new Date('2026-01-01T00:00:00.000Z');

/** The SQL a repository call sends, captured from TypeORM's logger. */
class QueryCapture implements TypeOrmLogger {
  queries: { sql: string; parameters: unknown[] }[] = [];
  logQuery(sql: string, parameters?: unknown[]) {
    this.queries.push({ sql, parameters: parameters ?? [] });
  }
  logQueryError() {}
  logQuerySlow() {}
  logSchemaBuild() {}
  logMigration() {}
  log() {}
}

/**
 * The list's filters are served by indexes on an organisation of 100 000
 * expenses (beside another organisation's): the plan of every query the
 * repository sends reads expenses through an index, never a full scan.
 */
describe.each(sqlTargets())('expense list query plans on $name', (target) => {
  let storage: OpenStorage;
  let org: OrganisationFixture;
  let employees: string[];
  const capture = new QueryCapture();

  beforeAll(async () => {
    storage = await target.open();
    org = await storage.newOrganisation();
    const other = await storage.newOrganisation();
    employees = await addMembers(storage, org, EMPLOYEES);
    await storage.addVendors(org, Array.from({ length: VENDORS }, (_, n) => `vendor-${n}`));
    await insertExpenses(storage, org, employees, EXPENSES);
    await insertExpenses(storage, other, [other.memberId], OTHER_ORGANISATION_EXPENSES);
    // VACUUM too: Postgres reads an index alone only where its visibility map says the rows are visible (autovacuum's work).
    await storage.db!.dataSource.query(storage.db!.dialect === 'postgres' ? 'VACUUM ANALYZE expenses' : 'ANALYZE');
    storage.db!.dataSource.setOptions({ logger: capture, logging: true });
  }, 300_000);

  afterAll(() => storage.close());

  /** Runs a list and answers the plan of each query it sent. */
  const plansOf = async (filters: ExpenseFilters, field: ExpenseOrderingField = 'expense_date') => {
    capture.queries = [];
    const page = await storage.expenses.list(org.organisationId, { filters, ordering: { field, descending: true }, page: { page: 1, pageSize: 100 } });
    const sent = capture.queries.filter((q) => /expenses/.test(q.sql));
    const plans = [];
    for (const query of sent) plans.push({ sql: query.sql, plan: await explain(storage, query.sql, query.parameters) });
    return { page, plans };
  };

  it.each<[string, () => ExpenseFilters]>([
    ['status', () => ({ status: 'submitted' })],
    ['account', () => ({ account_id: org.accounts.get('6600')!.id })],
    ['employee', () => ({ employee_id: employees[3] })],
    ['vendor', () => ({ vendor_id: 'vendor-17' })],
    ['a date range', () => ({ from_date: CalendarDate.of('2024-03-01'), to_date: CalendarDate.of('2024-03-31') })],
    ['status within a date range', () => ({ status: 'approved', from_date: CalendarDate.of('2025-01-01'), to_date: CalendarDate.of('2025-01-31') })],
  ])('counts and pages by %s through an index', async (_case, filter) => {
    const { page, plans } = await plansOf(filter());
    expect(page.total).toBeGreaterThan(0);
    expect(plans).toHaveLength(2);
    for (const { sql, plan } of plans) expect({ sql, ...plan }).toMatchObject({ usesIndex: true, scansTable: false });
  });

  it.each<ExpenseOrderingField>(['expense_date', 'amount', 'total_amount', 'expense_number', 'date_created'])(
    'reads the first page ordered by %s from an index',
    async (field) => {
      const { page, plans } = await plansOf({}, field);
      expect(page.total).toBe(EXPENSES);
      const pageQuery = plans.find(({ sql }) => /ORDER BY/i.test(sql))!;
      expect({ sql: pageQuery.sql, ...pageQuery.plan }).toMatchObject({ usesIndex: true, scansTable: false });
    },
  );

  /**
   * The reports: on SQLite every grouping reads an index and never the table,
   * the whole organisation from the report index alone. Postgres takes the
   * report index for a part of the organisation, and may rather read the table
   * in parallel when the organisation is most of it (here 100 000 of 120 000
   * rows), as it should.
   */
  it.each<[ExpenseGrouping, ExpenseReportFilters]>([
    ['month', {}],
    ['status', {}],
    // A quarter (5 % of the rows): a year, a fifth, sat where Postgres's choice turned on ANALYZE's random sample.
    ['account', { fromDate: CalendarDate.of('2024-01-01'), toDate: CalendarDate.of('2024-03-31') }],
    ['employee', { status: 'approved' }],
    ['vendor', { fromDate: CalendarDate.of('2025-06-01') }],
  ])('sums the report by %s through an index', async (grouping, filters) => {
    const reports = new TypeOrmExpenseReportQueries(storage.db!);
    const query = reports.query(org.organisationId, grouping, filters);
    const plan = await explain(storage, query.sql, query.parameters);
    const wholeOrganisation = Object.keys(filters).length === 0;
    if (storage.db!.dialect === 'sqlite') {
      expect({ sql: query.sql, ...plan }).toMatchObject({ usesIndex: true, scansTable: false });
      if (wholeOrganisation) expect(plan).toMatchObject({ indexes: ['ix_expenses_report'], covering: true });
    } else if (!wholeOrganisation) {
      expect({ sql: query.sql, ...plan }).toMatchObject({ usesIndex: true, scansTable: false });
    }
    const groups = await reports.sumByGroup(org.organisationId, grouping, filters);
    if (wholeOrganisation) expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(EXPENSES);
  });
});

interface PlanSummary {
  usesIndex: boolean;
  scansTable: boolean;
  indexes: string[];
  /** SQLite: every index it reads holds all the columns needed (no look-up in the table). */
  covering?: boolean;
}

async function explain(storage: OpenStorage, sql: string, parameters: unknown[]): Promise<PlanSummary> {
  const dataSource = storage.db!.dataSource;
  if (storage.db!.dialect === 'sqlite') {
    const rows: { detail: string }[] = await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters);
    const details = rows.map((row) => row.detail);
    // `r`: the alias of the table in every organisation-scoped list.
    const indexes = details.flatMap((detail) => /^SEARCH r USING (?:COVERING )?INDEX (\S+)/.exec(detail)?.[1] ?? []);
    const covering = details.filter((detail) => /^SEARCH r /.test(detail)).every((detail) => /COVERING INDEX/.test(detail));
    return { usesIndex: indexes.length > 0, scansTable: details.some((detail) => /^SCAN r\b/.test(detail)), indexes, covering };
  }
  const [row] = await dataSource.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
  const nodes: Record<string, unknown>[] = [];
  const walk = (node: Record<string, unknown>) => {
    nodes.push(node);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((row['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0].Plan);
  const indexes = nodes.flatMap((node) => (typeof node['Index Name'] === 'string' ? [node['Index Name'] as string] : []));
  const scansTable = nodes.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'expenses');
  return { usesIndex: indexes.some((name) => /^(ix|uq)_expenses_/.test(name)), scansTable, indexes };
}

async function addMembers(storage: OpenStorage, org: OrganisationFixture, count: number): Promise<string[]> {
  const people = new TypeOrmPersonRepository(storage.db!, new AesGcmSecretBox(randomBytes(32)));
  const memberships = new TypeOrmMembershipRepository(storage.db!);
  const added: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = ids.next();
    await people.save(Person.register({ id, uniqueId: id, email: `${id}@example.com`, firstName: 'E', lastName: String(i), now: NOW }));
    await memberships.add({ organisationId: org.organisationId, personId: id, role: 'member', dateJoined: NOW });
    added.push(id);
  }
  return added;
}

/**
 * Realistic skew, written by the database itself in one statement (row by row
 * through TypeORM would take a minute): most expenses paid; one account, each
 * employee, each vendor and each month holds a few percent of them.
 */
async function insertExpenses(storage: OpenStorage, org: OrganisationFixture, employees: string[], count: number): Promise<void> {
  const postgres = storage.db!.dialect === 'postgres';
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const pick = (values: string[]) => `CASE n % ${values.length} ${values.map((v, i) => `WHEN ${i} THEN ${literal(v)}`).join(' ')} END`;
  const rare = org.accounts.get('6600')!.id;
  const common = [...org.accounts.values()].filter((a) => a.accountType === 'expense' && a.id !== rare).map((a) => a.id);
  const statusBounds = [['paid', 85], ['approved', 91], ['reimbursed', 96], ['draft', 98], ['submitted', 99], ['rejected', 100]] as const;
  const status = `CASE ${statusBounds.map(([value, below]) => `WHEN n % 100 < ${below} THEN '${value}'`).join(' ')} END`;
  const prefix = org.organisationId.slice(-8);
  const number = `'EXP-${prefix}-' || n`;
  const dialect = postgres
    ? {
        numbers: `SELECT generate_series(1, ${count}) AS n`,
        date: "DATE '2021-01-01' + ((n * 13) % 1826)",
        timestamp: "TIMESTAMPTZ '2026-01-01 00:00:00+00' + n * INTERVAL '1 second'",
        no: 'false',
      }
    : {
        numbers: `WITH RECURSIVE numbers(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM numbers WHERE n < ${count}) SELECT n FROM numbers`,
        date: "date('2021-01-01', '+' || ((n * 13) % 1826) || ' days')",
        timestamp: "strftime('%Y-%m-%d %H:%M:%f', '2026-01-01', '+' || n || ' seconds')",
        no: '0',
      };
  // Every column of the table (the declaration's), each with its value.
  const columns: Record<string, string> = {
    id: `'${prefix}-' || n`,
    unique_id: `'u-' || n`,
    organisation_id: literal(org.organisationId),
    title: `'Expense ' || n`,
    description: 'NULL',
    notes: 'NULL',
    expense_number: number,
    account_id: `CASE WHEN n % 50 = 0 THEN ${literal(rare)} ELSE ${pick(common)} END`,
    vendor_id: `CASE WHEN n % 10 < 3 THEN NULL ELSE 'vendor-' || (n % ${VENDORS}) END`,
    employee_id: `CASE WHEN n % 2 = 0 THEN NULL ELSE ${pick(employees)} END`,
    status,
    expense_date: dialect.date,
    submitted_date: 'NULL',
    approved_date: 'NULL',
    paid_date: 'NULL',
    approved_by_id: 'NULL',
    created_by_id: literal(org.ownerId),
    amount: '100 + (n * 7919) % 500000',
    tax_amount: '(n * 31) % 10000',
    total_amount: '100 + (n * 7919) % 500000 + (n * 31) % 10000',
    receipt_key: 'NULL',
    receipt_content_type: 'NULL',
    receipt_size: 'NULL',
    vat_processed: dialect.no,
    vat_processed_date: 'NULL',
    rejection_reason: 'NULL',
    search_key: `lower(${number}) || ' expense ' || n`,
    date_created: dialect.timestamp,
    last_updated: dialect.timestamp,
  };
  await storage.db!.dataSource.query(
    `INSERT INTO expenses (${Object.keys(columns).join(', ')}) SELECT ${Object.values(columns).join(', ')} FROM (${dialect.numbers}) AS numbers`,
  );
}
