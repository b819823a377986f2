import { RecordFilters } from '../../../../application/records/record.ports';
import { Actor } from '../../../../application/shared/actor';
import { ListQuery } from '../../../../application/shared/page';
import { SalesStage, SalesStageSnapshot } from '../../../../domain/sales-stage/sales-stage';
import { Decimal } from '../../../../domain/shared/decimal';
import { InUse, NotFound } from '../../../../domain/shared/errors';
import { InMemoryApp, inMemoryApp } from '../../../support/in-memory-container';
import { leadsOf } from '../../../support/lead-use-cases';
import { useCasesOf } from '../../../support/record-use-cases';

const BY_POSITION: ListQuery<RecordFilters, string> = { filters: {}, ordering: { field: 'position', descending: false }, page: { page: 1, pageSize: 100 } };

describe('sales stage use cases', () => {
  let app: InMemoryApp;
  let owner: Actor;
  let member: Actor;
  let stranger: Actor;
  let org: string;

  beforeEach(async () => {
    app = await inMemoryApp();
    owner = await app.aPerson('Owner');
    member = await app.aPerson('Member');
    stranger = await app.aPerson('Stranger');
    org = await app.anOrganisation(owner);
    await app.join(org, member);
    await app.anOrganisation(stranger);
  });

  /** The five use cases of the pipeline, as its controller runs them. */
  const stages = () => useCasesOf<SalesStage, SalesStageSnapshot>(app.container, 'sales stage');
  const list = async (actor: Actor, query = BY_POSITION) => {
    const page = await stages().list.execute(actor, org, query);
    return { total: page.total, items: page.items.map((view) => view.record) };
  };
  const create = async (actor: Actor, organisation: string, command: Record<string, unknown> & { name: string }) =>
    (await stages().create.execute(actor, organisation, command)).record;

  it('gives every new organisation the default pipeline, in position order', async () => {
    const page = await list(member);

    expect(page.total).toBe(6);
    expect(page.items.map((s) => [s.uniqueId, s.probability.toString(), s.isClosedWon, s.isClosedLost])).toEqual([
      ['stage-new', '10.00', false, false],
      ['stage-qualified', '25.00', false, false],
      ['stage-proposal', '50.00', false, false],
      ['stage-negotiation', '75.00', false, false],
      ['stage-won', '100.00', true, false],
      ['stage-lost', '0.00', false, true],
    ]);
  });

  it('appends a new stage at the end of the pipeline unless it names a position', async () => {
    const appended = await create(member, org, { name: 'Demo booked', probability: Decimal.of('30') });
    const placed = await create(member, org, { name: 'Contacted', position: 1 });

    expect(appended).toMatchObject({ name: 'Demo booked', position: 6, isActive: true });
    expect(appended.probability.toString()).toBe('30.00');
    expect(placed.position).toBe(1);
    expect(appended.uniqueId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a unique_id the organisation already has, and accepts it in another organisation', async () => {
    await expect(create(member, org, { uniqueId: 'stage-won', name: 'Again' })).rejects.toMatchObject({
      errors: { unique_id: ['sales stage with this unique id already exists.'] },
    });
    const other = await app.anOrganisation(member, { name: 'Side business' });
    await expect(create(member, other, { uniqueId: 'closing', name: 'Closing' })).resolves.toMatchObject({
      uniqueId: 'closing',
    });
  });

  it('updates what is given and keeps the rest', async () => {
    const updated = (await stages().update.execute(member, org, 'stage-new', { name: 'Fresh', probability: Decimal.of('5') })).record;

    expect(updated).toMatchObject({ name: 'Fresh', position: 0, isActive: true });
    expect(updated.probability.toString()).toBe('5.00');
    expect((await stages().get.execute(owner, org, 'stage-new')).record.name).toBe('Fresh');
  });

  it('refuses to delete a stage while a lead is in it, and deletes it once the lead is gone', async () => {
    await leadsOf(app.container).create(member, org, { uniqueId: 'deal', title: 'Deal', leadSource: 'referral', salesStage: 'stage-proposal' });
    const remove = () => stages().delete.execute(member, org, 'stage-proposal');

    await expect(remove()).rejects.toBeInstanceOf(InUse);
    expect((await list(member)).total).toBe(6);

    await leadsOf(app.container).delete(member, org, 'deal');
    await remove();
    await expect(stages().get.execute(member, org, 'stage-proposal')).rejects.toBeInstanceOf(NotFound);
    expect((await list(member)).total).toBe(5);
  });

  it('answers 404 to someone outside the organisation, for every operation', async () => {
    const attempts = [
      () => list(stranger),
      () => create(stranger, org, { name: 'Mine' }),
      () => stages().get.execute(stranger, org, 'stage-new'),
      () => stages().update.execute(stranger, org, 'stage-new', { name: 'Mine' }),
      () => stages().delete.execute(stranger, org, 'stage-new'),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(NotFound);
    expect((await list(owner)).items[0].name).toBe('New');
  });
});
