import { LeadListQuery } from '../../support/lead-use-cases';
import { Client } from '../../../domain/client/client';
import { Lead, NewLead } from '../../../domain/lead/lead';
import { SalesStage } from '../../../domain/sales-stage/sales-stage';
import { CalendarDate } from '../../../domain/shared/calendar-date';
import { Decimal } from '../../../domain/shared/decimal';
import { ValidationFailed } from '../../../domain/shared/errors';
import { ids, salesStorage, SalesStorage } from '../../support/sales-storage';
import { storageTargets } from '../../support/storage';

const at = (iso: string) => new Date(iso);

describe.each(storageTargets())('sales stage, client and lead repositories on $name', (target) => {
  let storage: SalesStorage;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const opened = await target.open();
    close = opened.close;
    storage = salesStorage(opened.database);
  });

  afterAll(() => close());

  async function aStage(organisationId: string, overrides: Partial<Parameters<typeof SalesStage.create>[0]> = {}) {
    const stage = SalesStage.create({
      id: ids.next(),
      uniqueId: ids.next(),
      organisationId,
      name: 'Proposal',
      probability: Decimal.of('50'),
      now: at('2026-01-02T00:00:00.000Z'),
      ...overrides,
    });
    await storage.stages.save(stage);
    return stage;
  }

  async function aClient(organisationId: string, name = 'Acme', email: string | null = null) {
    const client = Client.create({ id: ids.next(), uniqueId: ids.next(), organisationId, name, email, now: at('2026-01-02T00:00:00.000Z') });
    await storage.clients.save(client);
    return client;
  }

  /** A context of its own per test: an organisation, its owner and a stage for leads. */
  async function aPipeline() {
    const { organisationId, personId } = await storage.anOrganisation();
    const stage = await aStage(organisationId);
    const lead = async (overrides: Partial<NewLead> = {}) => {
      const created = Lead.create({
        id: ids.next(),
        uniqueId: ids.next(),
        organisationId,
        title: 'Deal',
        leadSource: 'referral',
        salesStage: stage,
        createdById: personId,
        now: at('2026-02-01T00:00:00.000Z'),
        ...overrides,
      });
      await storage.leads.save(created);
      return created;
    };
    return { organisationId, personId, stage, lead };
  }

  const leadQuery = (overrides: Partial<LeadListQuery> = {}): LeadListQuery => ({
    filters: {},
    ordering: { field: 'date_created', descending: true },
    page: { page: 1, pageSize: 100 },
    ...overrides,
  });

  it('round-trips a stage exactly and finds it by unique_id and by id within its organisation only', async () => {
    const { organisationId } = await storage.anOrganisation();
    const other = await storage.anOrganisation();
    const stage = await aStage(organisationId, { probability: Decimal.of('100.00'), isClosedWon: true, position: 7, description: 'Signed' });

    expect((await storage.stages.findByUniqueId(organisationId, stage.uniqueId))?.snapshot()).toEqual(stage.snapshot());
    expect(await storage.stages.findByUniqueId(other.organisationId, stage.uniqueId)).toBeNull();
    expect((await storage.stages.findByIds(organisationId, [stage.id])).map((s) => s.id)).toEqual([stage.id]);
    expect(await storage.stages.findByIds(other.organisationId, [stage.id])).toEqual([]);
  });

  it('keeps a stage unique_id unique per organisation, and saves changes to an existing stage', async () => {
    const { organisationId } = await storage.anOrganisation();
    const other = await storage.anOrganisation();
    const stage = await aStage(organisationId, { uniqueId: 'closing' });

    await expect(aStage(organisationId, { uniqueId: 'closing' })).rejects.toBeInstanceOf(ValidationFailed);
    await expect(aStage(organisationId, { uniqueId: 'closing' })).rejects.toMatchObject({
      errors: { unique_id: ['sales stage with this unique id already exists.'] },
    });
    await expect(aStage(other.organisationId, { uniqueId: 'closing' })).resolves.toBeDefined();
    stage.update({ name: 'Closing', probability: Decimal.of('90') }, at('2026-03-01T12:00:00.000Z'));
    await storage.stages.save(stage);
    expect((await storage.stages.findByUniqueId(organisationId, 'closing'))?.snapshot()).toEqual(stage.snapshot());
  });

  it('gives the next free position and lists the pipeline in the asked order', async () => {
    const { organisationId } = await storage.anOrganisation();
    expect(await storage.stages.nextPosition(organisationId)).toBe(0);
    await aStage(organisationId, { name: 'zeta', position: 2, probability: Decimal.of('10') });
    await aStage(organisationId, { name: 'Éclair', position: 0, probability: Decimal.of('90') });
    await aStage(organisationId, { name: 'alpha', position: 5, probability: Decimal.of('5.5') });

    expect(await storage.stages.nextPosition(organisationId)).toBe(6);
    const names = async (field: 'position' | 'name' | 'probability', descending = false) =>
      (await storage.stages.list(organisationId, { filters: {}, ordering: { field, descending }, page: { page: 1, pageSize: 10 } })).items.map(
        (s) => s.name,
      );
    expect(await names('position')).toEqual(['Éclair', 'zeta', 'alpha']);
    expect(await names('name')).toEqual(['alpha', 'zeta', 'Éclair']);
    expect(await names('probability', true)).toEqual(['Éclair', 'zeta', 'alpha']);
  });

  it('round-trips a client and searches names and e-mails without regard to case, accents included', async () => {
    const { organisationId } = await storage.anOrganisation();
    const ecole = await aClient(organisationId, 'ÉCOLE Lumière', 'Office@Ecole.example');
    await aClient(organisationId, 'Globex', 'buyer@globex.example');
    await aClient(organisationId, '100% Pure_Juice');

    expect((await storage.clients.findByUniqueId(organisationId, ecole.uniqueId))?.snapshot()).toEqual(ecole.snapshot());
    const search = async (term: string) =>
      (
        await storage.clients.list(organisationId, {
          filters: { search: term },
          ordering: { field: 'name', descending: false },
          page: { page: 1, pageSize: 10 },
        })
      ).items.map((c) => c.name);
    expect(await search('école')).toEqual(['ÉCOLE Lumière']);
    expect(await search('OFFICE@')).toEqual(['ÉCOLE Lumière']);
    expect(await search('%')).toEqual(['100% Pure_Juice']);
    expect(await search('e_j')).toEqual(['100% Pure_Juice']);
    expect(await search('_')).toEqual(['100% Pure_Juice']);
    expect(await search('zzz')).toEqual([]);
  });

  it('round-trips a lead to the last digit of its 16+2-digit value', async () => {
    const { organisationId, lead } = await aPipeline();
    const created = await lead({
      title: 'Rêve',
      description: 'Three floors',
      qualificationNotes: 'Budget approved',
      priority: 'critical',
      estimatedValue: Decimal.of('9999999999999999.99'),
      winProbability: Decimal.of('33.33'),
      expectedCloseDate: CalendarDate.of('2024-02-29'),
      followUpDate: at('2026-01-15T08:30:00.123Z'),
    });

    const found = await storage.leads.findByUniqueId(organisationId, created.uniqueId);

    expect(found?.snapshot()).toEqual(created.snapshot());
    expect(found?.estimatedValue?.toString()).toBe('9999999999999999.99');
    expect(found?.weightedValue?.toString()).toBe('3333000000000000.00');
  });

  it('filters leads by part of the title, by source and by outcome', async () => {
    const { organisationId, lead } = await aPipeline();
    await lead({ title: 'Toit en ARDOISE', leadSource: 'website', winProbability: Decimal.of('100') });
    await lead({ title: 'ardoise_2', leadSource: 'seo', winProbability: Decimal.of('0') });
    await lead({ title: 'Fence', leadSource: 'seo', winProbability: Decimal.of('99.99') });
    await lead({ title: 'Gate', leadSource: 'seo', salesStage: { id: (await aStage(organisationId, { probability: Decimal.of('0') })).id, probability: null } });

    const titles = async (filters: LeadListQuery['filters']) =>
      (await storage.leads.list(organisationId, { ...leadQuery({ ordering: { field: 'title', descending: false } }), filters: { ...filters } })).items.map(
        (l) => l.title,
      );
    expect(await titles({ name: 'ardoise' })).toEqual(['ardoise_2', 'Toit en ARDOISE']);
    expect(await titles({ name: 'e_' })).toEqual(['ardoise_2']);
    expect(await titles({ source: 'seo' })).toEqual(['ardoise_2', 'Fence', 'Gate']);
    expect(await titles({ status: 'won' })).toEqual(['Toit en ARDOISE']);
    expect(await titles({ status: 'lost' })).toEqual(['ardoise_2']);
    expect(await titles({ status: 'open' })).toEqual(['Fence', 'Gate']);
    expect(await titles({ source: 'seo', status: 'open', name: 'ENC' })).toEqual(['Fence']);
  });

  it('orders leads with nulls last ascending and first descending, as Postgres does', async () => {
    const { organisationId, lead } = await aPipeline();
    await lead({ title: 'big', estimatedValue: Decimal.of('1000000000000000') });
    await lead({ title: 'none', estimatedValue: null, expectedCloseDate: CalendarDate.of('2026-01-01') });
    await lead({ title: 'small', estimatedValue: Decimal.of('0.01'), expectedCloseDate: CalendarDate.of('2025-12-31') });

    const titles = async (field: LeadListQuery['ordering']['field'], descending: boolean) =>
      (await storage.leads.list(organisationId, leadQuery({ ordering: { field, descending } }))).items.map((l) => l.title);
    expect(await titles('estimated_value', false)).toEqual(['small', 'big', 'none']);
    expect(await titles('estimated_value', true)).toEqual(['none', 'big', 'small']);
    expect(await titles('expected_close_date', false)).toEqual(['small', 'none', 'big']);
  });

  it('pages through leads created at the same instant without losing or repeating one', async () => {
    const { organisationId, lead } = await aPipeline();
    const created = [];
    for (let i = 0; i < 7; i++) created.push((await lead({ title: `same ${i}` })).id);

    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const result = await storage.leads.list(organisationId, leadQuery({ page: { page, pageSize: 2 } }));
      expect(result.total).toBe(7);
      seen.push(...result.items.map((l) => l.id));
    }

    expect(seen).toHaveLength(7);
    expect([...seen].sort()).toEqual([...created].sort());
  });

  it('tells whether a stage or a client is named by a lead of the organisation', async () => {
    const { organisationId, stage, lead } = await aPipeline();
    const unused = await aStage(organisationId);
    const client = await aClient(organisationId);
    const idle = await aClient(organisationId);
    await lead({ clientId: client.id });

    expect(await storage.leads.isSalesStageReferenced(organisationId, stage.id)).toBe(true);
    expect(await storage.leads.isSalesStageReferenced(organisationId, unused.id)).toBe(false);
    expect(await storage.leads.isClientReferenced(organisationId, client.id)).toBe(true);
    expect(await storage.leads.isClientReferenced(organisationId, idle.id)).toBe(false);
  });

  it('deletes a lead, and the stage it was in is free again', async () => {
    const { organisationId, stage, lead } = await aPipeline();
    const created = await lead();

    await storage.leads.delete(created);

    expect(await storage.leads.findByUniqueId(organisationId, created.uniqueId)).toBeNull();
    expect(await storage.leads.isSalesStageReferenced(organisationId, stage.id)).toBe(false);
    await storage.stages.delete(stage);
    expect(await storage.stages.findByUniqueId(organisationId, stage.uniqueId)).toBeNull();
  });
});
