import { GetExpenseReport } from '../../../../application/report/get-expense-report.use-case';
import { GetPipelineReport } from '../../../../application/report/get-pipeline-report.use-case';
import { GetVendorFollowUps } from '../../../../application/report/get-vendor-follow-ups.use-case';
import { Actor } from '../../../../application/shared/actor';
import { CalendarDate } from '../../../../domain/shared/calendar-date';
import { Decimal } from '../../../../domain/shared/decimal';
import { NotFound } from '../../../../domain/shared/errors';
import { FixedClock } from '../../../support/fixed-clock';
import { InMemoryApp, inMemoryApp } from '../../../support/in-memory-container';
import { leadsOf } from '../../../support/lead-use-cases';
import { useCasesOf } from '../../../support/record-use-cases';
import { aNewExpense, expensesIn } from '../expense/expense-world';

const day = CalendarDate.of;

describe('report use cases', () => {
  let app: InMemoryApp;
  let member: Actor;
  let stranger: Actor;
  let org: string;

  beforeEach(async () => {
    // 23:30 in UTC on 9 March is already 10 March in Nairobi, the configured zone.
    app = await inMemoryApp(new FixedClock('2026-03-09T23:30:00.000Z', 'Africa/Nairobi'));
    member = await app.aPerson('Grace');
    stranger = await app.aPerson('Stranger');
    org = await app.anOrganisation(member);
    await app.anOrganisation(stranger);
  });

  const expense = (overrides: Parameters<typeof aNewExpense>[0]) => expensesIn(app.container).create.execute(member, org, aNewExpense(overrides));

  it('sums expenses per month, oldest first, labelled for people, with exact totals', async () => {
    await expense({ expenseDate: day('2025-12-31'), amount: Decimal.of('0.10') });
    await expense({ expenseDate: day('2026-01-01'), amount: Decimal.of('0.20'), taxAmount: Decimal.of('0.05') });
    await expense({ expenseDate: day('2026-01-31'), amount: Decimal.of('0.01') });

    const report = await app.container.get(GetExpenseReport).execute(member, org, { grouping: 'month', filters: {} });

    expect(report.groups.map((g) => [g.key, g.label, g.count, g.amount.toString(), g.totalAmount.toString()])).toEqual([
      ['2025-12', 'December 2025', 1, '0.10', '0.10'],
      ['2026-01', 'January 2026', 2, '0.21', '0.26'],
    ]);
    expect([report.totals.count, report.totals.amount.toString(), report.totals.taxAmount.toString()]).toEqual([3, '0.31', '0.05']);
  });

  it('keeps to the filters, dates inclusive, and shows no empty group', async () => {
    await expense({ expenseDate: day('2026-01-01'), amount: Decimal.of('1.00') });
    await expense({ expenseDate: day('2026-01-02'), amount: Decimal.of('2.00') });
    await expense({ expenseDate: day('2026-01-03'), amount: Decimal.of('4.00'), status: 'submitted' });

    const report = await app.container
      .get(GetExpenseReport)
      .execute(member, org, { grouping: 'status', filters: { fromDate: day('2026-01-02'), toDate: day('2026-01-03') } });

    expect(report.groups.map((g) => [g.key, g.label, g.amount.toString()])).toEqual([
      ['draft', 'Draft', '2.00'],
      ['submitted', 'Submitted', '4.00'],
    ]);
  });

  it('weighs the pipeline half-up, stages in position order', async () => {
    await leadsOf(app.container).create(member, org, {
      title: 'Fit-out',
      leadSource: 'referral',
      salesStage: 'stage-new',
      estimatedValue: Decimal.of('0.05'),
    });

    const report = await app.container.get(GetPipelineReport).execute(member, org, {});

    expect(report.stages.map((row) => row.stage?.uniqueId)).toEqual([
      'stage-new', 'stage-qualified', 'stage-proposal', 'stage-negotiation', 'stage-won', 'stage-lost',
    ]);
    // 0.05 at 10 %: 0.005, half-up 0.01.
    expect([report.totals.count, report.totals.weightedValue.toString()]).toEqual([1, '0.01']);
  });

  it("lists follow-ups as of today in the configured zone, not UTC's", async () => {
    const vendors = useCasesOf(app.container, 'vendor').create;
    await vendors.execute(member, org, { name: 'Due today in Nairobi', nextFollowUpDate: day('2026-03-10') });
    await vendors.execute(member, org, { name: 'Contract ends in 2 days', contractEndDate: day('2026-03-12') });

    const view = await app.container.get(GetVendorFollowUps).execute(member, org, 2, { page: 1, pageSize: 100 });

    expect([view.today.toString(), view.until.toString()]).toEqual(['2026-03-10', '2026-03-12']);
    expect(view.followUps.map((v) => v.record.name)).toEqual(['Due today in Nairobi']);
    expect(view.contractsEnding.map((v) => v.record.name)).toEqual(['Contract ends in 2 days']);
  });

  it('shows nothing to someone outside the organisation', async () => {
    await expect(app.container.get(GetExpenseReport).execute(stranger, org, { grouping: 'status', filters: {} })).rejects.toBeInstanceOf(NotFound);
    await expect(app.container.get(GetPipelineReport).execute(stranger, org, {})).rejects.toBeInstanceOf(NotFound);
    await expect(app.container.get(GetVendorFollowUps).execute(stranger, org, 30, { page: 1, pageSize: 100 })).rejects.toBeInstanceOf(NotFound);
  });
});
