import { Container } from 'inversify';
import { SignUp } from '../../application/auth/sign-up.use-case';
import { ACCOUNT_TOKENS, AccountRepository } from '../../application/account/account.ports';
import { SHARED_TOKENS, IdGenerator, UnitOfWork } from '../../application/shared/ports';
import { TypeOrmDatabase } from '../../adapters/persistence/typeorm/engine';
import { TypeOrmExpenseRepository } from '../../adapters/persistence/typeorm/expense/typeorm-expense.repository';
import { VENDOR_TOKENS, VendorRepository } from '../../application/supplier/vendor.kind';
import { createLogger } from '../../adapters/system/logger';
import { bootstrap } from '../bootstrap';
import { loadConfig } from '../config';
import { Expense } from '../../domain/expense/expense';
import { CalendarDate } from '../../domain/shared/calendar-date';
import { Decimal } from '../../domain/shared/decimal';
import { Vendor } from '../../domain/supplier/vendor';
import { ACCOUNT_IDS, BenchVendor, createdAt, expense, Rng, vendor } from './generated-data';

export const BENCH_EMAIL = 'bench@example.com';
export const BENCH_PASSWORD = 'bench-password-123';

/** Rows per transaction and INSERT: under SQLite's 32 766 bound parameters at some 40 columns a row. */
const BATCH = 500;

export interface SeedSizes {
  vendors: number;
  expenses: number;
}

export interface Seeded {
  /** The unique_id of the bench user's organisation. */
  organisation: string;
}

/**
 * Seeds the service's database through its own code: the bench user and their
 * organisation by the sign-up use case (default chart of accounts included),
 * then vendors and expenses built by the domain (`Vendor.create`,
 * `Expense.create` and its transitions, so every value is validated and bank
 * details are sealed) and written in bulk by the TypeORM repositories. A
 * second tenant with 20 vendors, as the reference has, shares the tables.
 */
export async function seed(env: Record<string, string | undefined>, sizes: SeedSizes, progress: (line: string) => void): Promise<Seeded> {
  const config = loadConfig(env);
  const application = await bootstrap({ config, logger: createLogger('silent') });
  try {
    const { container } = application;
    const signUp = container.get(SignUp);
    const unitOfWork = container.get<UnitOfWork>(SHARED_TOKENS.UnitOfWork);
    const ids = container.get<IdGenerator>(SHARED_TOKENS.IdGenerator);
    const expenses = container.get(TypeOrmExpenseRepository);
    const accounts = container.get<AccountRepository>(ACCOUNT_TOKENS.AccountRepository);

    const signedUp = await signUp.execute({
      email: BENCH_EMAIL,
      password: BENCH_PASSWORD,
      firstName: 'Bench',
      lastName: 'User',
      organisationName: 'Bench Org Ltd',
      clientAddress: 'bench-seeder',
    });
    const personId = signedUp.profile.person.id;
    const organisation = signedUp.organisation.organisation;

    const vendorIds = await addVendors(container, { organisationId: organisation.id, createdById: personId }, sizes.vendors, new Rng(42), (done) =>
      progress(`seeding vendors ${done}/${sizes.vendors}`),
    );

    const accountIds: string[] = [];
    for (const uniqueId of ACCOUNT_IDS) {
      const account = await accounts.findByUniqueId(organisation.id, uniqueId);
      if (!account) throw new Error(`The default chart has no account ${uniqueId}`);
      accountIds.push(account.id);
    }
    const expenseRng = new Rng(4242);
    for (let start = 0; start < sizes.expenses; start += BATCH) {
      const batch: Expense[] = [];
      for (let i = start; i < Math.min(start + BATCH, sizes.expenses); i++) {
        const e = expense(i, expenseRng, vendorIds.length);
        const now = createdAt(i);
        const record = Expense.create({
          id: ids.next(),
          uniqueId: e.uniqueId,
          organisationId: organisation.id,
          createdById: personId,
          title: e.title,
          description: e.description,
          expenseNumber: e.expenseNumber,
          accountId: accountIds[e.accountIndex],
          vendorId: e.vendorIndex === null ? null : vendorIds[e.vendorIndex],
          employeeId: e.employee ? personId : null,
          expenseDate: CalendarDate.of(e.expenseDate),
          amount: Decimal.of(e.amount),
          taxAmount: Decimal.of(e.taxAmount),
          status: e.status === 'draft' ? 'draft' : 'submitted',
          lockDate: null,
          now,
        });
        if (e.status === 'approved' || e.status === 'paid') record.approve(personId, now);
        if (e.status === 'paid') record.markPaid(now);
        if (e.status === 'rejected') record.reject(null, now);
        batch.push(record);
      }
      await unitOfWork.transaction(() => expenses.addAll(batch));
      progress(`seeding expenses ${start + batch.length}/${sizes.expenses}`);
    }

    const other = await signUp.execute({
      email: 'other@example.com',
      password: BENCH_PASSWORD,
      firstName: 'Other',
      lastName: 'Tenant',
      organisationName: 'Other Tenant Ltd',
      clientAddress: 'bench-seeder',
    });
    await addVendors(container, { organisationId: other.organisation.organisation.id, createdById: other.profile.person.id }, 20, new Rng(7));
    await settle(container.get(TypeOrmDatabase));
    return { organisation: organisation.uniqueId };
  } finally {
    await application.close();
  }
}

/**
 * On Postgres, what autovacuum does a while after a bulk load, done at once:
 * statistics for the planner, and the trigram indexes' pending entries merged
 * (until then a search reads them one by one and the planner, without
 * statistics, scans the organisation instead, for a search's count too).
 * SQLite keeps no statistics unless told to, and the service's query plans
 * are made and tested without them.
 */
async function settle(db: TypeOrmDatabase): Promise<void> {
  if (db.dialect === 'postgres') await db.dataSource.query('VACUUM ANALYZE');
}

/**
 * `count` generated vendors of an organisation, built by the domain
 * (`Vendor.create`, so every value is validated and bank details are sealed)
 * and written in bulk by the TypeORM repository; their internal ids.
 */
export async function addVendors(
  container: Container,
  owner: { organisationId: string; createdById: string },
  count: number,
  rng: Rng,
  progress: (done: number) => void = () => undefined,
): Promise<string[]> {
  const unitOfWork = container.get<UnitOfWork>(SHARED_TOKENS.UnitOfWork);
  const ids = container.get<IdGenerator>(SHARED_TOKENS.IdGenerator);
  const vendors = container.get<VendorRepository>(VENDOR_TOKENS.VendorRepository);
  const vendorIds: string[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const batch: Vendor[] = [];
    for (let i = start; i < Math.min(start + BATCH, count); i++) {
      batch.push(Vendor.create({ ...vendorDetails(vendor(i, rng)), ...owner, id: ids.next(), organisationCurrency: 'USD', now: createdAt(i) }));
    }
    await unitOfWork.transaction(() => vendors.addAll(batch));
    vendorIds.push(...batch.map((v) => v.id));
    progress(start + batch.length);
  }
  return vendorIds;
}

/** A generated vendor as the domain takes it. */
function vendorDetails(v: BenchVendor) {
  const decimal = (text: string | null) => (text === null ? null : Decimal.of(text));
  const date = (text: string | null) => (text === null ? null : CalendarDate.of(text));
  return {
    uniqueId: v.uniqueId,
    name: v.name,
    description: v.description,
    entityType: v.entityType,
    vendorStatus: v.vendorStatus,
    vendorCategory: v.vendorCategory,
    industry: v.industry,
    website: v.website,
    companySize: v.companySize,
    annualRevenue: decimal(v.annualRevenue),
    minimumOrderAmount: decimal(v.minimumOrderAmount),
    defaultCurrency: v.defaultCurrency,
    firstContactDate: date(v.firstContactDate),
    lastContactDate: date(v.lastContactDate),
    nextFollowUpDate: date(v.nextFollowUpDate),
    lastOrderDate: date(v.lastOrderDate),
    contractStartDate: date(v.contractStartDate),
    contractEndDate: date(v.contractEndDate),
    qualityRating: decimal(v.qualityRating),
    deliveryRating: decimal(v.deliveryRating),
    address: v.address,
    bankingInformation: v.bankingInformation,
  };
}
