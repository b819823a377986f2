import {
  Lead,
  LEAD_OUTCOMES,
  LEAD_PRIORITIES,
  LEAD_SOURCES,
  leadOutcome,
  NewLead,
  weightedValue,
} from '../../../../domain/lead/lead';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { ValidationFailed } from '../../../../domain/shared/errors';

const CREATED = new Date('2026-01-10T09:00:00.000Z');
const LATER = new Date('2026-01-11T10:30:00.000Z');
const PROPOSAL = { id: 'stage-id-proposal', probability: Decimal.of('50.00') };

function aLead(overrides: Partial<NewLead> = {}): Lead {
  return Lead.create({
    id: 'lead-id-1',
    uniqueId: 'big-deal',
    organisationId: 'org-1',
    title: 'Office fit-out',
    leadSource: 'referral',
    salesStage: PROPOSAL,
    createdById: 'person-1',
    now: CREATED,
    ...overrides,
  });
}

function withOdds(estimatedValue: string | null, winProbability: string | null): Lead {
  const lead = aLead();
  lead.update(
    {
      estimatedValue: estimatedValue === null ? null : Decimal.of(estimatedValue),
      winProbability: winProbability === null ? null : Decimal.of(winProbability),
    },
    LATER,
  );
  return lead;
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

describe('Lead.create', () => {
  it('fills the defaults: medium priority, the stage, the creator as owner and assignee', () => {
    expect(aLead().snapshot()).toMatchObject({
      id: 'lead-id-1',
      uniqueId: 'big-deal',
      organisationId: 'org-1',
      title: 'Office fit-out',
      description: null,
      qualificationNotes: null,
      priority: 'medium',
      leadSource: 'referral',
      estimatedValue: null,
      salesStageId: 'stage-id-proposal',
      clientId: null,
      expectedCloseDate: null,
      followUpDate: null,
      createdById: 'person-1',
      assignedToId: 'person-1',
      dateCreated: CREATED,
      lastUpdated: CREATED,
    });
  });

  it("takes the stage's probability when none is given, and keeps an explicit null", () => {
    expect(aLead().winProbability?.toString()).toBe('50.00');
    expect(aLead({ winProbability: undefined }).winProbability?.toString()).toBe('50.00');
    expect(aLead({ winProbability: null }).winProbability).toBeNull();
    expect(aLead({ winProbability: null }).outcome).toBe('open');
  });

  it("keeps its own probability over the stage's", () => {
    expect(aLead({ winProbability: Decimal.of('80') }).winProbability?.toString()).toBe('80.00');
    expect(aLead({ winProbability: Decimal.of('0') }).winProbability?.toString()).toBe('0.00');
  });

  it('has no probability when neither it nor its stage has one', () => {
    expect(aLead({ salesStage: { id: 'stage-x', probability: null } }).winProbability).toBeNull();
  });

  it('keeps what it is given', () => {
    const lead = aLead({
      description: 'Three floors',
      qualificationNotes: 'Budget approved',
      priority: 'critical',
      estimatedValue: Decimal.of('120000.5'),
      clientId: 'client-id-1',
      expectedCloseDate: CalendarDate.of('2026-03-31'),
      followUpDate: new Date('2026-01-15T08:00:00.000Z'),
    });

    expect(lead.snapshot()).toMatchObject({
      description: 'Three floors',
      qualificationNotes: 'Budget approved',
      priority: 'critical',
      clientId: 'client-id-1',
      expectedCloseDate: CalendarDate.of('2026-03-31'),
      followUpDate: new Date('2026-01-15T08:00:00.000Z'),
    });
    expect(lead.estimatedValue?.toString()).toBe('120000.50');
  });

  it('refuses a blank title', () => {
    expect(errorsOf(() => aLead({ title: ' ' }))).toEqual({ title: ['This field may not be blank.'] });
  });

  it('refuses a probability outside 0..100', () => {
    expect(errorsOf(() => aLead({ winProbability: Decimal.of('100.01') }))).toEqual({
      win_probability: ['Ensure this value is less than or equal to 100.'],
    });
    expect(errorsOf(() => aLead({ winProbability: Decimal.of('-0.01') }))).toEqual({
      win_probability: ['Ensure this value is greater than or equal to 0.'],
    });
  });

  it('refuses a negative estimated value and accepts zero', () => {
    expect(errorsOf(() => aLead({ estimatedValue: Decimal.of('-0.01') }))).toEqual({
      estimated_value: ['Ensure this value is greater than or equal to 0.'],
    });
    expect(aLead({ estimatedValue: Decimal.of('0') }).estimatedValue?.toString()).toBe('0.00');
  });

  it('refuses an estimated value beyond 16 integer digits, and accepts the largest that fits exactly', () => {
    expect(errorsOf(() => aLead({ estimatedValue: Decimal.of('10000000000000000.00') }))).toEqual({
      estimated_value: ['Ensure that there are no more than 18 digits in total.'],
    });
    expect(aLead({ estimatedValue: Decimal.of('9999999999999999.99') }).estimatedValue?.toString()).toBe(
      '9999999999999999.99',
    );
  });
});

describe('weighted value', () => {
  it('is value × probability / 100, to two places', () => {
    expect(withOdds('1000.00', '25.00').weightedValue?.toString()).toBe('250.00');
    expect(withOdds('1234567890123456.78', '33.33').weightedValue?.toString()).toBe('411481477778148.14');
  });

  it('rounds half-up at the tie', () => {
    expect(withOdds('10.01', '50').weightedValue?.toString()).toBe('5.01');
    expect(withOdds('0.01', '50').weightedValue?.toString()).toBe('0.01');
    expect(withOdds('0.01', '49.99').weightedValue?.toString()).toBe('0.00');
  });

  it('is exact at the largest values, where binary floating point is not', () => {
    expect(withOdds('9999999999999999.99', '99.99').weightedValue?.toString()).toBe('9998999999999999.99');
    expect(withOdds('9999999999999999.99', '100').weightedValue?.toString()).toBe('9999999999999999.99');
    expect(withOdds('9999999999999999.99', '0.01').weightedValue?.toString()).toBe('1000000000000.00');
  });

  it('is null while the value or the probability is unknown', () => {
    expect(withOdds(null, '50').weightedValue).toBeNull();
    expect(withOdds('1000', null).weightedValue).toBeNull();
    expect(weightedValue(null, null)).toBeNull();
  });

  it('is zero for a lost lead', () => {
    expect(withOdds('1000', '0').weightedValue?.toString()).toBe('0.00');
  });
});

describe('outcome and is_closed', () => {
  it.each([
    ['100', 'won', true],
    ['100.00', 'won', true],
    ['0', 'lost', true],
    ['50', 'open', false],
    ['99.99', 'open', false],
    ['0.01', 'open', false],
    [null, 'open', false],
  ])('at probability %s the lead is %s (closed: %s)', (probability, outcome, closed) => {
    const lead = withOdds('1000', probability);

    expect(lead.outcome).toBe(outcome);
    expect(lead.isClosed).toBe(closed);
  });

  it('offers the outcomes as the list filter choices', () => {
    expect(LEAD_OUTCOMES.values).toEqual(['won', 'lost', 'open']);
    expect(leadOutcome(Decimal.of('100'))).toBe('won');
  });
});

describe('Lead.update', () => {
  it('changes what is supplied, keeps the rest and stamps the change', () => {
    const lead = aLead({ description: 'Three floors', estimatedValue: Decimal.of('5000') });

    lead.update({ title: 'Office fit-out, phase 1', priority: 'high', winProbability: Decimal.of('100') }, LATER);

    expect(lead.snapshot()).toMatchObject({
      title: 'Office fit-out, phase 1',
      priority: 'high',
      description: 'Three floors',
      salesStageId: 'stage-id-proposal',
      dateCreated: CREATED,
      lastUpdated: LATER,
    });
    expect(lead.outcome).toBe('won');
    expect(lead.weightedValue?.toString()).toBe('5000.00');
  });

  it('may clear the sales stage and the client', () => {
    const lead = aLead({ clientId: 'client-id-1' });

    lead.update({ salesStageId: null, clientId: null }, LATER);

    expect(lead.snapshot()).toMatchObject({ salesStageId: null, clientId: null });
  });

  it('moves to another stage without changing a probability set before', () => {
    const lead = aLead({ winProbability: Decimal.of('60') });

    lead.update({ salesStageId: 'stage-id-negotiation' }, LATER);

    expect(lead.salesStageId).toBe('stage-id-negotiation');
    expect(lead.winProbability?.toString()).toBe('60.00');
  });

  it('refuses a probability above 100 and leaves the lead unchanged', () => {
    const lead = aLead();

    expect(errorsOf(() => lead.update({ winProbability: Decimal.of('101') }, LATER))).toEqual({
      win_probability: ['Ensure this value is less than or equal to 100.'],
    });
    expect(lead.winProbability?.toString()).toBe('50.00');
    expect(lead.snapshot().lastUpdated).toEqual(CREATED);
  });

  it('reports every broken field at once', () => {
    expect(errorsOf(() => aLead().update({ title: '', winProbability: Decimal.of('-5') }, LATER))).toEqual({
      title: ['This field may not be blank.'],
      win_probability: ['Ensure this value is greater than or equal to 0.'],
    });
  });

  it('refuses a different unique_id and accepts the same one', () => {
    const lead = aLead();

    expect(errorsOf(() => lead.update({ uniqueId: 'other-deal' }, LATER))).toEqual({
      unique_id: ['This field cannot be changed.'],
    });
    lead.update({ uniqueId: 'big-deal', title: 'Renamed' }, LATER);
    expect(lead.snapshot()).toMatchObject({ uniqueId: 'big-deal', title: 'Renamed' });
  });
});

describe('Lead snapshots', () => {
  it('restores what it was given and hands out copies', () => {
    const original = aLead({ estimatedValue: Decimal.of('10.01') }).snapshot();
    const restored = Lead.restore(original);

    restored.snapshot().title = 'Tampered';

    expect(restored.snapshot()).toEqual(original);
    expect(restored.weightedValue?.toString()).toBe('5.01');
  });
});

describe('lead choices', () => {
  it('lists the priorities and sources of the spec with their labels', () => {
    expect(LEAD_PRIORITIES.values).toEqual(['low', 'medium', 'high', 'critical']);
    expect(LEAD_SOURCES.values).toEqual([
      'website',
      'social_media',
      'email_marketing',
      'referral',
      'cold_calling',
      'trade_show',
      'advertising',
      'content_marketing',
      'seo',
      'ppc',
      'partner',
      'other',
    ]);
    expect(LEAD_SOURCES.label('cold_calling')).toBe('Cold Calling');
  });
});

describe('a lead’s assignee', () => {
  it('is the creator unless another member is named, and an update gives it to another, leaving the creator as it was', () => {
    expect(aLead().snapshot().assignedToId).toBe('person-1');
    const given = aLead({ assignedToId: 'person-2' });
    expect(given.snapshot()).toMatchObject({ createdById: 'person-1', assignedToId: 'person-2' });
    given.update({ assignedToId: 'person-3' }, LATER);
    expect(given.snapshot()).toMatchObject({ createdById: 'person-1', assignedToId: 'person-3', lastUpdated: LATER });
    given.update({ title: 'Renamed' }, LATER);
    expect(given.snapshot().assignedToId).toBe('person-3');
  });
});
