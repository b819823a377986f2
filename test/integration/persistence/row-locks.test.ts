import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { TypeOrmOrganisationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { TypeOrmDeclaredRecords } from '../../../adapters/persistence/typeorm/declared/typeorm-declared.repository';
import { VENDOR_DECLARATION } from '../../../adapters/declaration/supplier/vendor.declaration';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { UuidV7Generator } from '../../../adapters/system/uuid-v7-generator';
import { Vendor } from '../../../domain/supplier/vendor';
import { aDraftIn, OpenStorage, OrganisationFixture, sqlTargets } from '../expense/storage-targets';

const ids = new UuidV7Generator();
const NOW = new Date('2026-01-10T09:00:00.000Z');

/**
 * A writer that reads a row to change it locks the row until its transaction
 * ends, so that a second writer reads it only with the first one's change
 * (expense-row-lock.test.ts). On Postgres that lock must hold writers of the
 * row, not the records that refer to it: a new row's foreign keys take a key
 * share lock on the rows they name, which `FOR UPDATE` refuses and
 * `FOR NO KEY UPDATE` allows. Taken with `FOR UPDATE`, a profile edit held up
 * every expense its person recorded, and a logo change every record of the
 * organisation, for as long as their transactions ran. SQLite serialises
 * writers whole, so this is Postgres's alone.
 */
const postgres = sqlTargets().filter((target) => target.name === 'postgres');
const describeOnPostgres = postgres.length > 0 ? describe : describe.skip;

describeOnPostgres('row locks on Postgres', () => {
  let storage: OpenStorage;
  let org: OrganisationFixture;
  let people: TypeOrmPersonRepository;
  let organisations: TypeOrmOrganisationRepository;
  let vendors: TypeOrmDeclaredRecords<Vendor>;
  let organisationUniqueId: string;

  beforeAll(async () => {
    storage = await postgres[0].open();
    org = await storage.newOrganisation();
    const box = new AesGcmSecretBox(randomBytes(32));
    people = new TypeOrmPersonRepository(storage.db!, box);
    organisations = new TypeOrmOrganisationRepository(storage.db!, box);
    vendors = new TypeOrmDeclaredRecords<Vendor>(storage.db!, box, VENDOR_DECLARATION);
    organisationUniqueId = (await organisations.findById(org.organisationId))!.uniqueId;
  });

  afterAll(() => storage.close());

  /**
   * Runs `other` while a transaction holds what `lock` locked: whether it
   * committed, or waited for that transaction (then let go, so it ends).
   */
  async function whileLocked(lock: () => Promise<unknown>, other: () => Promise<unknown>): Promise<'committed' | 'waited'> {
    let holder!: number;
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = storage.unitOfWork.transaction(async () => {
      await lock();
      const [pid] = await storage.db!.select([storage.db!.sql('SELECT pg_backend_pid() AS pid')]);
      holder = Number(pid[0].pid);
      locked();
      await released;
    });
    await isLocked;
    const work = other().then(() => 'committed' as const);
    let outcome: 'committed' | 'waited' | undefined;
    while (outcome === undefined) {
      outcome = await Promise.race([work, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10))]);
      if (outcome === undefined && (await blockedBy(holder)) > 0) outcome = 'waited';
    }
    release();
    await holding;
    await work;
    return outcome;
  }

  const blockedBy = async (pid: number): Promise<number> => {
    const [rows] = await storage.db!.select([
      storage.db!.sql('SELECT COUNT(*) AS blocked FROM pg_stat_activity WHERE :pid = ANY(pg_blocking_pids(pid))', { pid }),
    ]);
    return Number(rows[0].blocked);
  };

  const anExpense = (overrides: Parameters<typeof aDraftIn>[1] = {}) => aDraftIn(org, overrides);

  const aVendor = () =>
    Vendor.create({ id: ids.next(), uniqueId: ids.next(), organisationId: org.organisationId, name: 'Acme', organisationCurrency: 'USD', createdById: org.ownerId, now: NOW });

  it('a profile being edited does not hold up the expenses its person records', async () => {
    const outcome = await whileLocked(
      () => people.findById(org.ownerId, { forUpdate: true }),
      () => storage.expenses.save(anExpense()),
    );
    expect(outcome).toBe('committed');
  });

  it('a profile being edited still holds up another edit of it', async () => {
    const outcome = await whileLocked(
      () => people.findById(org.ownerId, { forUpdate: true }),
      () => storage.unitOfWork.transaction(() => people.findById(org.ownerId, { forUpdate: true })),
    );
    expect(outcome).toBe('waited');
  });

  it('an organisation being changed does not hold up the records created in it', async () => {
    const outcome = await whileLocked(
      () => organisations.findByUniqueId(organisationUniqueId, { forUpdate: true }),
      () => vendors.save(aVendor()),
    );
    expect(outcome).toBe('committed');
  });

  it('a vendor being edited does not hold up an expense naming it, and still holds up another edit', async () => {
    const vendor = aVendor();
    await vendors.save(vendor);
    const lockVendor = () => vendors.findByUniqueId(org.organisationId, vendor.uniqueId, { forUpdate: true });

    expect(await whileLocked(lockVendor, () => storage.expenses.save(anExpense({ vendorId: vendor.id })))).toBe('committed');
    expect(await whileLocked(lockVendor, () => storage.unitOfWork.transaction(lockVendor))).toBe('waited');
  });

  it('a writer locks and reads its row in the round trip that opens its transaction, and writes it with the COMMIT', async () => {
    const sent = jest.spyOn(Client.prototype, 'query');
    try {
      await storage.unitOfWork.transaction(async () => {
        const person = (await people.findById(org.ownerId, { forUpdate: true }))!;
        person.updateProfile({ jobTitle: 'Buyer' }, NOW);
        await people.save(person);
      });
      const submissions = sent.mock.calls.map(([config]) =>
        typeof config === 'string' ? [config] : (config as unknown as { statements: { text: string }[] }).statements.map((statement) => statement.text),
      );
      expect(submissions).toHaveLength(2);
      expect(submissions[0]).toEqual(['START TRANSACTION', expect.stringMatching(/^SELECT r\.\* FROM persons r WHERE .* FOR NO KEY UPDATE$/)]);
      expect(submissions[1].at(-1)).toBe('COMMIT');
    } finally {
      sent.mockRestore();
    }
    expect((await people.findById(org.ownerId))!.snapshot().jobTitle).toBe('Buyer');
  });

  it('a locked expense given a new number, a key of its table, is saved with it', async () => {
    const expense = anExpense();
    await storage.expenses.save(expense);
    const number = `EXP-${ids.next()}`;
    await storage.unitOfWork.transaction(async () => {
      const mine = (await storage.expenses.findByUniqueId(org.organisationId, expense.uniqueId, { forUpdate: true }))!;
      mine.edit({ expenseNumber: number }, NOW, null);
      await storage.expenses.save(mine);
    });
    expect((await storage.expenses.findByUniqueId(org.organisationId, expense.uniqueId))!.expenseNumber).toBe(number);
  });
});
