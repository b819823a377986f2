import { defaultPipeline, DEFAULT_PIPELINE } from '../../../../domain/sales-stage/default-pipeline';
import { NewSalesStage, SalesStage } from '../../../../domain/sales-stage/sales-stage';
import { Decimal } from '../../../../domain/shared/decimal';
import { ValidationFailed } from '../../../../domain/shared/errors';

const CREATED = new Date('2026-01-10T09:00:00.000Z');
const LATER = new Date('2026-01-11T10:30:00.000Z');

function aStage(overrides: Partial<NewSalesStage> = {}): SalesStage {
  return SalesStage.create({
    id: 'stage-id-1',
    uniqueId: 'discovery',
    organisationId: 'org-1',
    name: 'Discovery',
    now: CREATED,
    ...overrides,
  });
}

function errorsOf(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    if (error instanceof ValidationFailed) return error.errors;
    throw error;
  }
  throw new Error('expected a ValidationFailed');
}

describe('SalesStage.create', () => {
  it('makes an active, open stage at position 0 with no chance of winning by default', () => {
    const snapshot = aStage().snapshot();

    expect(snapshot).toMatchObject({
      id: 'stage-id-1',
      uniqueId: 'discovery',
      organisationId: 'org-1',
      name: 'Discovery',
      description: null,
      isActive: true,
      isClosedWon: false,
      isClosedLost: false,
      position: 0,
      dateCreated: CREATED,
      lastUpdated: CREATED,
    });
    expect(snapshot.probability.toString()).toBe('0.00');
  });

  it('keeps the probability at two places', () => {
    expect(aStage({ probability: Decimal.of('40') }).probability.toString()).toBe('40.00');
  });

  it('accepts the bounds 0 and 100', () => {
    expect(aStage({ probability: Decimal.of('0.00') }).probability.toString()).toBe('0.00');
    expect(aStage({ probability: Decimal.of('100.00') }).probability.toString()).toBe('100.00');
  });

  it('refuses a probability above 100 or below 0', () => {
    expect(errorsOf(() => aStage({ probability: Decimal.of('100.01') }))).toEqual({
      probability: ['Ensure this value is less than or equal to 100.'],
    });
    expect(errorsOf(() => aStage({ probability: Decimal.of('-1') }))).toEqual({
      probability: ['Ensure this value is greater than or equal to 0.'],
    });
  });

  it('refuses a negative or fractional position', () => {
    expect(errorsOf(() => aStage({ position: -1 }))).toEqual({
      position: ['Ensure this value is greater than or equal to 0.'],
    });
    expect(errorsOf(() => aStage({ position: 1.5 }))).toEqual({ position: ['A valid integer is required.'] });
  });

  it('refuses a blank name', () => {
    expect(errorsOf(() => aStage({ name: '   ' }))).toEqual({ name: ['This field may not be blank.'] });
  });

  it('refuses a stage that is both closed-won and closed-lost', () => {
    expect(errorsOf(() => aStage({ isClosedWon: true, isClosedLost: true }))).toEqual({
      non_field_errors: ['A sales stage cannot be both closed-won and closed-lost.'],
    });
  });

  it('accepts a closed-won or a closed-lost stage', () => {
    expect(aStage({ isClosedWon: true }).isClosedWon).toBe(true);
    expect(aStage({ isClosedLost: true }).isClosedLost).toBe(true);
  });
});

describe('SalesStage.update', () => {
  it('changes what is supplied, keeps the rest and stamps the change', () => {
    const stage = aStage({ description: 'First call', position: 2 });

    stage.update({ name: 'Discovery call', probability: Decimal.of('15') }, LATER);

    expect(stage.snapshot()).toMatchObject({
      name: 'Discovery call',
      description: 'First call',
      position: 2,
      dateCreated: CREATED,
      lastUpdated: LATER,
    });
    expect(stage.probability.toString()).toBe('15.00');
  });

  it('clears the description with null', () => {
    const stage = aStage({ description: 'First call' });

    stage.update({ description: null }, LATER);

    expect(stage.snapshot().description).toBeNull();
  });

  it('refuses to make a closed-won stage closed-lost too, and leaves it unchanged', () => {
    const stage = aStage({ isClosedWon: true });

    expect(errorsOf(() => stage.update({ isClosedLost: true }, LATER))).toEqual({
      non_field_errors: ['A sales stage cannot be both closed-won and closed-lost.'],
    });
    expect(stage.snapshot()).toMatchObject({ isClosedWon: true, isClosedLost: false, lastUpdated: CREATED });
  });

  it('allows switching a stage from closed-won to closed-lost in one change', () => {
    const stage = aStage({ isClosedWon: true });

    stage.update({ isClosedWon: false, isClosedLost: true }, LATER);

    expect(stage.snapshot()).toMatchObject({ isClosedWon: false, isClosedLost: true });
  });

  it('refuses a different unique_id and accepts the same one', () => {
    const stage = aStage();

    expect(errorsOf(() => stage.update({ uniqueId: 'other' }, LATER))).toEqual({
      unique_id: ['This field cannot be changed.'],
    });
    stage.update({ uniqueId: 'discovery', name: 'Renamed' }, LATER);
    expect(stage.snapshot()).toMatchObject({ uniqueId: 'discovery', name: 'Renamed' });
  });
});

describe('SalesStage snapshots', () => {
  it('restores what it was given and hands out copies', () => {
    const original = aStage({ probability: Decimal.of('30') }).snapshot();
    const restored = SalesStage.restore(original);

    const copy = restored.snapshot();
    copy.name = 'Tampered';

    expect(restored.name).toBe('Discovery');
    expect(restored.snapshot()).toEqual(original);
  });
});

describe('default pipeline', () => {
  const ids = ['id-a', 'id-b', 'id-c', 'id-d', 'id-e', 'id-f'];
  const stages = () => {
    const queue = [...ids];
    return defaultPipeline({ organisationId: 'org-9', newId: () => queue.shift()!, now: CREATED }).map((stage) =>
      stage.snapshot(),
    );
  };

  it('has the six stages of the contract, in order, with their probabilities', () => {
    expect(stages().map((s) => [s.uniqueId, s.name, s.probability.toString(), s.position])).toEqual([
      ['stage-new', 'New', '10.00', 0],
      ['stage-qualified', 'Qualified', '25.00', 1],
      ['stage-proposal', 'Proposal', '50.00', 2],
      ['stage-negotiation', 'Negotiation', '75.00', 3],
      ['stage-won', 'Won', '100.00', 4],
      ['stage-lost', 'Lost', '0.00', 5],
    ]);
  });

  it('closes as won only at Won and as lost only at Lost', () => {
    const closed = stages().map((s) => [s.uniqueId, s.isClosedWon, s.isClosedLost]);

    expect(closed.filter(([, won]) => won)).toEqual([['stage-won', true, false]]);
    expect(closed.filter(([, , lost]) => lost)).toEqual([['stage-lost', false, true]]);
  });

  it('creates active stages of the organisation, each with a new id', () => {
    for (const [index, stage] of stages().entries()) {
      expect(stage).toMatchObject({ id: ids[index], organisationId: 'org-9', isActive: true, dateCreated: CREATED });
    }
  });

  it('exposes the same templates it seeds', () => {
    expect(DEFAULT_PIPELINE.map((t) => t.uniqueId)).toEqual(stages().map((s) => s.uniqueId));
  });
});
