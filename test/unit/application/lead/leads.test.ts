import { Actor } from '../../../../application/shared/actor';
import { Decimal } from '../../../../domain/shared/decimal';
import { NotFound } from '../../../../domain/shared/errors';
import { useCasesOf } from '../../../support/record-use-cases';
import { InMemoryApp, inMemoryApp } from '../../../support/in-memory-container';
import { LeadCommand, LeadListQuery, leadsOf } from '../../../support/lead-use-cases';

const MINUTE = 60_000;

const query = (overrides: Partial<LeadListQuery> = {}): LeadListQuery => ({
  filters: {},
  ordering: { field: 'date_created', descending: true },
  page: { page: 1, pageSize: 100 },
  ...overrides,
});

describe('lead use cases', () => {
  let app: InMemoryApp;
  let owner: Actor;
  let member: Actor;
  let stranger: Actor;
  let org: string;
  let strangersOrg: string;

  beforeEach(async () => {
    app = await inMemoryApp();
    owner = await app.aPerson('Owner');
    member = await app.aPerson('Grace');
    stranger = await app.aPerson('Stranger');
    org = await app.anOrganisation(owner);
    await app.join(org, member);
    strangersOrg = await app.anOrganisation(stranger);
  });

  const create = (command: LeadCommand = {}, actor = member) => {
    app.clock.advance(MINUTE);
    return leadsOf(app.container).create(actor, org, { title: 'Office fit-out', leadSource: 'referral', salesStage: 'stage-qualified', ...command });
  };
  const list = (q = query()) => leadsOf(app.container).list(member, org, q);

  it("records the creator as creator and assignee, and takes the stage's probability", async () => {
    const view = await create({ estimatedValue: Decimal.of('1000') });

    expect(view).toMatchObject({
      salesStage: 'stage-qualified',
      client: null,
      isClosed: false,
      createdBy: { fullName: 'Grace Lovelace' },
      assignedTo: { fullName: 'Grace Lovelace' },
    });
    expect(view.lead.winProbability?.toString()).toBe('25.00');
    expect(view.weightedValue?.toString()).toBe('250.00');
  });

  it('names its client by unique_id', async () => {
    await useCasesOf(app.container, 'client').create.execute(member, org, { uniqueId: 'acme', name: 'Acme' });

    expect((await create({ client: 'acme' })).client).toBe('acme');
  });

  it('reports every unknown reference at once, each on its field', async () => {
    await expect(create({ salesStage: 'stage-nope', client: 'nobody' })).rejects.toMatchObject({
      errors: {
        sales_stage: ['Object with unique_id=stage-nope does not exist.'],
        client: ['Object with unique_id=nobody does not exist.'],
      },
    });
  });

  it("does not see another organisation's stage or client", async () => {
    await useCasesOf(app.container, 'sales stage').create.execute(stranger, strangersOrg, { uniqueId: 'secret-stage', name: 'Secret' });
    await useCasesOf(app.container, 'client').create.execute(stranger, strangersOrg, { uniqueId: 'secret-client', name: 'Secret' });

    await expect(create({ salesStage: 'secret-stage', client: 'secret-client' })).rejects.toMatchObject({
      errors: {
        sales_stage: ['Object with unique_id=secret-stage does not exist.'],
        client: ['Object with unique_id=secret-client does not exist.'],
      },
    });
  });

  it('needs a stage on create', async () => {
    await expect(create({ salesStage: null })).rejects.toMatchObject({
      errors: { sales_stage: ['This field may not be null.'] },
    });
  });

  it('refuses a unique_id the organisation already has', async () => {
    await create({ uniqueId: 'deal' });

    await expect(create({ uniqueId: 'deal' })).rejects.toMatchObject({
      errors: { unique_id: ['lead with this unique id already exists.'] },
    });
  });

  it('moves to another stage keeping its probability, and may leave the pipeline', async () => {
    await create({ uniqueId: 'deal' });
    const { update } = leadsOf(app.container);

    const moved = await update(member, org, 'deal', { salesStage: 'stage-negotiation' });
    expect([moved.salesStage, moved.lead.winProbability?.toString()]).toEqual(['stage-negotiation', '25.00']);

    const cleared = await update(owner, org, 'deal', { salesStage: null, winProbability: Decimal.of('100') });
    expect(cleared).toMatchObject({ salesStage: null, isClosed: true });
    expect((await leadsOf(app.container).get(member, org, 'deal')).salesStage).toBeNull();
  });

  it('filters by part of the title in any case, by source and by outcome', async () => {
    await create({ title: 'Roof REPAIR', leadSource: 'website', winProbability: Decimal.of('100') });
    await create({ title: 'Garden', leadSource: 'website', winProbability: Decimal.of('0') });
    await create({ title: 'repair of fence', leadSource: 'seo' });
    await create({ title: '100% discount', leadSource: 'seo', salesStage: 'stage-won' });

    const titles = async (filters: LeadListQuery['filters']) => (await list(query({ filters }))).items.map((v) => v.lead.title);
    expect(await titles({ name: 'repair' })).toEqual(['repair of fence', 'Roof REPAIR']);
    expect(await titles({ name: '0%' })).toEqual(['100% discount']);
    expect(await titles({ source: 'website' })).toEqual(['Garden', 'Roof REPAIR']);
    expect(await titles({ status: 'won' })).toEqual(['100% discount', 'Roof REPAIR']);
    expect(await titles({ status: 'lost' })).toEqual(['Garden']);
    expect(await titles({ status: 'open' })).toEqual(['repair of fence']);
    expect(await titles({ source: 'seo', status: 'won', name: 'DISCOUNT' })).toEqual(['100% discount']);
  });

  it('orders by the asked field, nulls last ascending, and pages without overlap', async () => {
    await create({ title: 'b', estimatedValue: Decimal.of('20') });
    await create({ title: 'a', estimatedValue: null });
    await create({ title: 'c', estimatedValue: Decimal.of('3') });

    const byValue = await list(query({ ordering: { field: 'estimated_value', descending: false } }));
    expect(byValue.items.map((v) => v.lead.title)).toEqual(['c', 'b', 'a']);
    const byValueDescending = await list(query({ ordering: { field: 'estimated_value', descending: true } }));
    expect(byValueDescending.items.map((v) => v.lead.title)).toEqual(['a', 'b', 'c']);

    const pages = [1, 2].map((page) => list(query({ ordering: { field: 'title', descending: false }, page: { page, pageSize: 2 } })));
    const [first, second] = await Promise.all(pages);
    expect([first.total, first.items.map((v) => v.lead.title), second.items.map((v) => v.lead.title)]).toEqual([
      3,
      ['a', 'b'],
      ['c'],
    ]);
  });

  it('is gone once deleted', async () => {
    await create({ uniqueId: 'deal' });

    const leads = leadsOf(app.container);
    await leads.delete(member, org, 'deal');

    await expect(leads.get(member, org, 'deal')).rejects.toBeInstanceOf(NotFound);
    await expect(leads.delete(member, org, 'deal')).rejects.toBeInstanceOf(NotFound);
  });

  it('answers 404 to someone outside the organisation, and changes nothing', async () => {
    await create({ uniqueId: 'deal' });
    const leads = leadsOf(app.container);
    const attempts = [
      () => leads.list(stranger, org, query()),
      () => leads.create(stranger, org, { title: 'x', leadSource: 'seo', salesStage: 'stage-new' }),
      () => leads.get(stranger, org, 'deal'),
      () => leads.update(stranger, org, 'deal', { title: 'Mine' }),
      () => leads.delete(stranger, org, 'deal'),
      () => leads.get(stranger, strangersOrg, 'deal'),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(NotFound);
    expect((await list()).items.map((v) => v.lead.title)).toEqual(['Office fit-out']);
  });
});
