import { VendorFollowUpsView } from '../../../application/report/get-vendor-follow-ups.use-case';
import { ExpenseFigures, ExpenseReport } from '../../../domain/report/expense-report';
import { PipelineFigures, PipelineReport } from '../../../domain/report/pipeline-report';
import { wire } from '../shared/present';
import { wireSchema as s } from '../shared/wire-schema';
import { PROJECT_DECLARATION } from '../../declaration/project/project.declaration';
import { VENDOR_DECLARATION } from '../../declaration/supplier/vendor.declaration';
import { wireView } from '../../declaration/wire-declaration';
import { presenterOf, schemaOf } from '../declared/declared-presenter';

const presentVendor = presenterOf(VENDOR_DECLARATION);
const VENDOR_SCHEMA = schemaOf(VENDOR_DECLARATION);

/** A row of the project report: the project as its declaration writes it, the fields of a budget against its actuals. */
const PROJECT_REPORT_ROW = {
  ...PROJECT_DECLARATION,
  ...wireView(PROJECT_DECLARATION, 'ProjectReportRow', [
    'unique_id', 'name', 'code', 'status', 'client', 'budget', 'budget_currency', 'spent', 'committed', 'remaining', 'budget_used',
  ]),
};
export const presentProjectReportRow = presenterOf(PROJECT_REPORT_ROW);
export const PROJECT_REPORT_ROW_SCHEMA = schemaOf(PROJECT_REPORT_ROW);

/** The label of the expense report's last row, the totals. */
export const TOTALS_LABEL = 'Total';

function expenseRow(key: string | null, label: string, figures: ExpenseFigures) {
  return {
    key,
    label,
    count: figures.count,
    amount: wire.decimal(figures.amount),
    tax_amount: wire.decimal(figures.taxAmount),
    total_amount: wire.decimal(figures.totalAmount),
  };
}

/** A row per group, then the totals (`key: null`). */
export function presentExpenseReport(report: ExpenseReport) {
  return [...report.groups.map((group) => expenseRow(group.key, group.label, group)), expenseRow(null, TOTALS_LABEL, report.totals)];
}

function pipelineFigures(figures: PipelineFigures) {
  return { count: figures.count, estimated_value: wire.decimal(figures.estimatedValue), weighted_value: wire.decimal(figures.weightedValue) };
}

/** Won leads are worth their estimate and lost ones nothing: their counts and estimated values. */
function closedFigures(figures: PipelineFigures) {
  return { count: figures.count, estimated_value: wire.decimal(figures.estimatedValue) };
}

export function presentPipelineReport(report: PipelineReport) {
  return {
    stages: report.stages.map((row) => ({
      stage: row.stage && { unique_id: row.stage.uniqueId, name: row.stage.name },
      ...pipelineFigures(row),
    })),
    totals: pipelineFigures(report.totals),
    won: closedFigures(report.won),
    lost: closedFigures(report.lost),
  };
}

/** One line of the follow-ups report: a vendor and the list it is on; a row of its CSV. */
export interface FollowUpLine {
  list: 'follow_up' | 'contract_ending';
  vendor: ReturnType<typeof presentVendor>;
}

/** The page's lines, the follow-ups first. */
export function followUpLines(view: VendorFollowUpsView): FollowUpLine[] {
  return [
    ...view.followUps.map((vendor) => ({ list: 'follow_up' as const, vendor: presentVendor(vendor) })),
    ...view.contractsEnding.map((vendor) => ({ list: 'contract_ending' as const, vendor: presentVendor(vendor) })),
  ];
}

/** The JSON answer: the page's lines back in their two lists. */
export function presentVendorFollowUps(view: VendorFollowUpsView, lines: readonly FollowUpLine[]) {
  const on = (list: FollowUpLine['list']) => lines.filter((line) => line.list === list).map((line) => line.vendor);
  return { today: wire.date(view.today), until: wire.date(view.until), follow_ups: on('follow_up'), contracts_ending: on('contract_ending') };
}

const money = s.decimal();
const count = s.integer({ min: 0 });

export const EXPENSE_REPORT_ROW_SCHEMA = s.named(
  'ExpenseReportRow',
  s.object<ReturnType<typeof expenseRow>>({
    key: s.nullable(s.text()),
    label: s.text(),
    count,
    amount: money,
    tax_amount: money,
    total_amount: money,
  }),
);

export const EXPENSE_REPORT_SCHEMA = s.array(EXPENSE_REPORT_ROW_SCHEMA);

const PIPELINE_FIGURES = s.named(
  'PipelineFigures',
  s.object<ReturnType<typeof pipelineFigures>>({ count, estimated_value: money, weighted_value: money }),
);

const CLOSED_FIGURES = s.named('ClosedLeadFigures', s.object<ReturnType<typeof closedFigures>>({ count, estimated_value: money }));

export const PIPELINE_REPORT_SCHEMA = s.named(
  'PipelineReport',
  s.object<ReturnType<typeof presentPipelineReport>>({
    stages: s.array(
      s.named(
        'PipelineStageRow',
        s.object<ReturnType<typeof presentPipelineReport>['stages'][number]>({
          stage: s.nullable(s.object<{ unique_id: string; name: string }>({ unique_id: s.uniqueId(), name: s.text() })),
          count,
          estimated_value: money,
          weighted_value: money,
        }),
      ),
    ),
    totals: PIPELINE_FIGURES,
    won: CLOSED_FIGURES,
    lost: CLOSED_FIGURES,
  }),
);

export const VENDOR_FOLLOW_UPS_SCHEMA = s.named(
  'VendorFollowUps',
  s.object<ReturnType<typeof presentVendorFollowUps>>({
    today: s.date(),
    until: s.date(),
    follow_ups: s.array(VENDOR_SCHEMA),
    contracts_ending: s.array(VENDOR_SCHEMA),
  }),
);

type PipelineAnswer = ReturnType<typeof presentPipelineReport>;

interface PipelineLine {
  line: 'stage' | 'total' | 'won' | 'lost';
  stage: { unique_id: string; name: string } | null;
  count: number;
  estimated_value: string;
  weighted_value: string | null;
}

/** The pipeline as one table: a line per stage, then the totals, the won and the lost (`line` says which). */
export function pipelineLines(report: PipelineAnswer): PipelineLine[] {
  const closed = (line: 'won' | 'lost', figures: PipelineAnswer['won']) => ({ line, stage: null, ...figures, weighted_value: null });
  return [
    ...report.stages.map((row) => ({ line: 'stage' as const, ...row })),
    { line: 'total', stage: null, ...report.totals },
    closed('won', report.won),
    closed('lost', report.lost),
  ];
}

export const PIPELINE_LINE_SCHEMA = s.object<PipelineLine>({
  line: s.choice(['stage', 'total', 'won', 'lost'] as const),
  stage: s.nullable(s.object<{ unique_id: string; name: string }>({ unique_id: s.uniqueId(), name: s.text() })),
  count,
  estimated_value: money,
  weighted_value: s.nullable(money),
});

/** A line of the follow-ups report (`followUpLines`), a row of its CSV. */
export const FOLLOW_UP_LINE_SCHEMA = s.object<FollowUpLine>({
  list: s.choice(['follow_up', 'contract_ending'] as const),
  vendor: VENDOR_SCHEMA,
});
