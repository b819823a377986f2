import { CreateSalesStage } from '../../../../application/sales-stage/create-sales-stage.use-case';
import { DeleteSalesStage } from '../../../../application/sales-stage/delete-sales-stage.use-case';
import { GetSalesStage } from '../../../../application/sales-stage/get-sales-stage.use-case';
import { ListSalesStages } from '../../../../application/sales-stage/list-sales-stages.use-case';
import { SalesStageListQuery } from '../../../../application/sales-stage/sales-stage.ports';
import { UpdateSalesStage } from '../../../../application/sales-stage/update-sales-stage.use-case';
import { Actor } from '../../../../application/shared/actor';
import { Decimal } from '../../../../domain/shared/decimal';
import { InUse, NotFound } from '../../../../domain/shared/errors';
import { InMemoryApp, inMemoryApp } from '../../../support/in-memory-container';
import { leadsOf } from '../../../support/lead-use-cases';

const BY_POSITION: SalesStageListQuery = { filters: {}, ordering: { field: 'position', descending: false }, page: { page: 1, pageSize: 100 } };

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

  const list = (actor: Actor, query = BY_POSITION) => app.container.get(ListSalesStages).execute(actor, org, query);

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
    const create = app.container.get(CreateSalesStage);

    const appended = await create.execute(member, org, { name: 'Demo booked', probability: Decimal.of('30') });
    const placed = await create.execute(member, org, { name: 'Contacted', position: 1 });

    expect(appended).toMatchObject({ name: 'Demo booked', position: 6, isActive: true });
    expect(appended.probability.toString()).toBe('30.00');
    expect(placed.position).toBe(1);
    expect(appended.uniqueId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a unique_id the organisation already has, and accepts it in another organisation', async () => {
    const create = app.container.get(CreateSalesStage);

    await expect(create.execute(member, org, { uniqueId: 'stage-won', name: 'Again' })).rejects.toMatchObject({
      errors: { unique_id: ['sales stage with this unique id already exists.'] },
    });
    const other = await app.anOrganisation(member, { name: 'Side business' });
    await expect(create.execute(member, other, { uniqueId: 'closing', name: 'Closing' })).resolves.toMatchObject({
      uniqueId: 'closing',
    });
  });

  it('updates what is given and keeps the rest', async () => {
    const updated = await app.container
      .get(UpdateSalesStage)
      .execute(member, org, 'stage-new', { name: 'Fresh', probability: Decimal.of('5') });

    expect(updated).toMatchObject({ name: 'Fresh', position: 0, isActive: true });
    expect(updated.probability.toString()).toBe('5.00');
    expect((await app.container.get(GetSalesStage).execute(owner, org, 'stage-new')).name).toBe('Fresh');
  });

  it('refuses to delete a stage while a lead is in it, and deletes it once the lead is gone', async () => {
    await leadsOf(app.container).create(member, org, { uniqueId: 'deal', title: 'Deal', leadSource: 'referral', salesStage: 'stage-proposal' });
    const remove = () => app.container.get(DeleteSalesStage).execute(member, org, 'stage-proposal');

    await expect(remove()).rejects.toBeInstanceOf(InUse);
    expect((await list(member)).total).toBe(6);

    await leadsOf(app.container).delete(member, org, 'deal');
    await remove();
    await expect(app.container.get(GetSalesStage).execute(member, org, 'stage-proposal')).rejects.toBeInstanceOf(NotFound);
    expect((await list(member)).total).toBe(5);
  });

  it('answers 404 to someone outside the organisation, for every operation', async () => {
    const { container } = app;
    const attempts = [
      () => list(stranger),
      () => container.get(CreateSalesStage).execute(stranger, org, { name: 'Mine' }),
      () => container.get(GetSalesStage).execute(stranger, org, 'stage-new'),
      () => container.get(UpdateSalesStage).execute(stranger, org, 'stage-new', { name: 'Mine' }),
      () => container.get(DeleteSalesStage).execute(stranger, org, 'stage-new'),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(NotFound);
    expect((await list(owner)).items[0].name).toBe('New');
  });
});
