import { ExpenseReport, monthLabel, sumExpenseFigures } from '../../../../domain/report/expense-report';
import { PipelineCell, PipelineReport } from '../../../../domain/report/pipeline-report';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';

const d = Decimal.of;
const group = (key: string, count: number, amount: string, tax = '0.00') => ({
  key,
  label: key,
  count,
  amount: d(amount),
  taxAmount: d(tax),
  totalAmount: d(amount).plus(d(tax)),
});
const text = (figures: { count: number; amount: Decimal; taxAmount: Decimal; totalAmount: Decimal }) =>
  [figures.count, figures.amount.toFixed(2), figures.taxAmount.toFixed(2), figures.totalAmount.toFixed(2)];

describe('the expense report', () => {
  it('totals its groups exactly, where binary floats would not (0.10 + 0.20, 13 digits + 0.01)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const report = ExpenseReport.of([group('a', 1, '0.10'), group('b', 1, '0.20', '0.01')]);
    expect(text(report.totals)).toEqual([2, '0.30', '0.01', '0.31']);
    const big = ExpenseReport.of([group('a', 3, '1234567890123.45'), group('b', 1, '0.01')]);
    expect(text(big.totals)).toEqual([4, '1234567890123.46', '0.00', '1234567890123.46']);
  });

  it('leaves out the groups without expenses, and the totals are the sum of those shown', () => {
    const report = ExpenseReport.of([group('a', 0, '0.00'), group('b', 2, '5.00'), group('c', 1, '1.00', '0.50')]);
    expect(report.groups.map((g) => g.key)).toEqual(['b', 'c']);
    expect(text(report.totals)).toEqual(text(sumExpenseFigures(report.groups)));
  });

  it('totals nothing as zero', () => {
    expect(text(ExpenseReport.of([]).totals)).toEqual([0, '0.00', '0.00', '0.00']);
  });

  it.each([
    ['2025-12', 'December 2025'],
    ['2026-01', 'January 2026'],
  ])('labels the month %s as %s', (key, label) => {
    expect(monthLabel(key)).toBe(label);
  });

  it('refuses what is not a month', () => {
    expect(() => monthLabel('2026-13')).toThrow(RangeError);
  });
});

describe('the pipeline report', () => {
  const stages = [
    { id: 's1', uniqueId: 'new', name: 'New' },
    { id: 's2', uniqueId: 'won', name: 'Won' },
    { id: 's3', uniqueId: 'empty', name: 'Empty' },
  ];
  const cell = (stageId: string | null, outcome: PipelineCell['outcome'], count: number, estimated: string, weighted: string): PipelineCell => ({
    stageId,
    outcome,
    count,
    estimatedValue: d(estimated),
    weightedValue: d(weighted),
  });
  const figures = (f: { count: number; estimatedValue: Decimal; weightedValue: Decimal }) => [f.count, f.estimatedValue.toFixed(2), f.weightedValue.toFixed(2)];

  const report = PipelineReport.of(stages, [
    cell('s1', 'open', 2, '100.00', '12.35'),
    cell('s1', 'won', 1, '50.00', '50.00'),
    cell('s2', 'won', 1, '0.10', '0.10'),
    cell('s2', 'lost', 1, '0.20', '0.00'),
    cell(null, 'open', 1, '7.00', '0.70'),
  ]);

  it('keeps every stage in the order given, empty ones too, and the leads without a stage last', () => {
    expect(report.stages.map((row) => [row.stage?.uniqueId ?? null, ...figures(row)])).toEqual([
      ['new', 3, '150.00', '62.35'],
      ['won', 2, '0.30', '0.10'],
      ['empty', 0, '0.00', '0.00'],
      [null, 1, '7.00', '0.70'],
    ]);
  });

  it('totals the rows, and counts the won and the lost across stages', () => {
    expect(figures(report.totals)).toEqual([6, '157.30', '63.15']);
    expect(figures(report.won)).toEqual([2, '50.10', '50.10']);
    expect(figures(report.lost)).toEqual([1, '0.20', '0.00']);
  });

  it('has no row for leads without a stage when there are none', () => {
    expect(PipelineReport.of(stages, []).stages.map((row) => row.stage?.uniqueId)).toEqual(['new', 'won', 'empty']);
  });
});

describe('CalendarDate.plusDays', () => {
  it.each([
    ['2026-03-10', 30, '2026-04-09'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-03-10', 0, '2026-03-10'],
    ['2026-03-01', -1, '2026-02-28'],
    ['0050-01-01', 1, '0050-01-02'],
  ])('%s plus %i days is %s', (from, days, to) => {
    expect(CalendarDate.of(from).plusDays(days).toString()).toBe(to);
  });
});
