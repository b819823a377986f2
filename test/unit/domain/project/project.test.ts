import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { NewProject, Project, spendingOf } from '../../../../domain/project/project';

const CREATED = new Date('2026-01-10T09:00:00.000Z');
const LATER = new Date('2026-01-11T10:30:00.000Z');

function aProject(overrides: Partial<NewProject> = {}): Project {
  return Project.create({
    id: 'project-id-1',
    uniqueId: 'fit-out',
    organisationId: 'org-1',
    name: 'Office fit-out',
    defaultCurrency: 'KES',
    createdById: 'person-1',
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

const day = (text: string) => CalendarDate.of(text);
const money = (text: string) => Decimal.of(text);

describe('Project.create', () => {
  it('needs only a name: active, no budget, in the organisation’s default currency', () => {
    expect(aProject().snapshot()).toEqual({
      id: 'project-id-1',
      uniqueId: 'fit-out',
      organisationId: 'org-1',
      name: 'Office fit-out',
      code: null,
      description: null,
      status: 'active',
      clientId: null,
      managerId: null,
      budget: null,
      budgetCurrency: 'KES',
      startDate: null,
      endDate: null,
      createdById: 'person-1',
      dateCreated: CREATED,
      lastUpdated: CREATED,
    });
    expect(aProject({ budgetCurrency: 'EUR' }).snapshot().budgetCurrency).toBe('EUR');
  });

  it('keeps its budget at two places', () => {
    expect(aProject({ budget: money('12.5') }).budget?.toFixed()).toBe('12.50');
  });

  it('refuses a blank name or code, a negative budget, and an end before the start', () => {
    expect(errorsOf(() => aProject({ name: '  ', code: ' ', budget: money('-1'), startDate: day('2026-02-02'), endDate: day('2026-02-01') }))).toEqual({
      name: ['This field may not be blank.'],
      code: ['This field may not be blank.'],
      budget: ['Ensure this value is greater than or equal to 0.'],
      end_date: ['The end date cannot be before the start date.'],
    });
    expect(aProject({ startDate: day('2026-02-01'), endDate: day('2026-02-01') }).snapshot().endDate).toEqual(day('2026-02-01'));
    expect(aProject({ endDate: day('2020-01-01') }).snapshot().endDate).toEqual(day('2020-01-01'));
  });
});

describe('Project.update', () => {
  it('changes what it is given, checks the dates as they end up, and keeps its unique_id', () => {
    const project = aProject({ startDate: day('2026-03-01') });
    expect(errorsOf(() => project.update({ endDate: day('2026-02-28') }, LATER))).toEqual({ end_date: ['The end date cannot be before the start date.'] });
    project.update({ status: 'on_hold', endDate: day('2026-03-31') }, LATER);
    expect(project.snapshot()).toMatchObject({ status: 'on_hold', startDate: day('2026-03-01'), endDate: day('2026-03-31'), lastUpdated: LATER });
    expect(() => project.update({ uniqueId: 'other' }, LATER)).toThrow(ValidationFailed);
  });

  it('takes new expenses while planned or active only', () => {
    const project = aProject();
    const taking = (['planned', 'active', 'on_hold', 'completed', 'cancelled'] as const).map((status) => {
      project.update({ status }, LATER);
      return [status, project.takesNewExpenses];
    });
    expect(taking).toEqual([
      ['planned', true],
      ['active', true],
      ['on_hold', false],
      ['completed', false],
      ['cancelled', false],
    ]);
  });
});

describe('its figures', () => {
  it('spends approved, paid and reimbursed totals, commits submitted ones, and ignores drafts and rejected ones', () => {
    expect(
      spendingOf([
        { status: 'draft', total: money('1.00') },
        { status: 'submitted', total: money('2.10') },
        { status: 'approved', total: money('3.00') },
        { status: 'paid', total: money('4.05') },
        { status: 'reimbursed', total: money('5.00') },
        { status: 'rejected', total: money('6.00') },
        { status: 'submitted', total: money('0.90') },
      ]),
    ).toEqual({ spent: money('12.05'), committed: money('3.00') });
  });

  it('leaves what remains of the budget, negative once overspent, and nothing without a budget', () => {
    const spending = { spent: money('120.06'), committed: money('21.10') };
    expect(aProject({ budget: money('100') }).figures(spending).remaining?.toFixed()).toBe('-20.06');
    // Exact at the largest budget, where a float would round.
    expect(aProject({ budget: money('9999999999999999.99') }).figures({ spent: money('0.01'), committed: money('0') }).remaining?.toFixed()).toBe('9999999999999999.98');
    expect(aProject().figures(spending)).toEqual({ ...spending, remaining: null, budgetUsed: null });
  });

  it('gives the share of the budget used in per cent, exactly, to the hundredth half away from zero; none of a budget of zero', () => {
    const used = (budget: string, spent: string) => aProject({ budget: money(budget) }).figures({ spent: money(spent), committed: money('0') }).budgetUsed?.toFixed() ?? null;
    expect(used('300.00', '100.01')).toBe('33.34');
    expect(used('3', '1')).toBe('33.33');
    expect(used('200.00', '0.01')).toBe('0.01'); // 0.005 %
    expect(used('200.00', '-0.01')).toBe('-0.01'); // a refund: -0.005 %
    expect(used('0.01', '9999999999.99')).toBe('99999999999900.00');
    expect(used('100', '120.06')).toBe('120.06');
    expect(used('0', '5')).toBeNull();
  });
});
