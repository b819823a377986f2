import { ExpenseSnapshot } from '../../domain/expense/expense';
import { ExpenseNotificationKind } from '../../domain/notification/notification-kinds';
import { MailMessage } from '../organisation/organisation.ports';
import { noticeMessage } from './notice-layout';

/** What happened, as the subject and the first sentence say it. */
const HAPPENED: Record<ExpenseNotificationKind, { subject: string; verb: string }> = {
  'expense.submitted': { subject: 'An expense awaits your approval', verb: 'submitted for approval' },
  'expense.approved': { subject: 'Your expense was approved', verb: 'approved' },
  'expense.rejected': { subject: 'Your expense was rejected', verb: 'rejected' },
  'expense.paid': { subject: 'Your expense was paid', verb: 'marked as paid' },
  'expense.reimbursed': { subject: 'Your expense was reimbursed', verb: 'reimbursed' },
  'expense.reopened': { subject: 'Your expense was reopened', verb: 'reopened' },
};

export interface ExpenseNoticeFacts {
  kind: ExpenseNotificationKind;
  organisation: { name: string; currency: string };
  expense: ExpenseSnapshot;
  /** Who took the action. */
  actorName: string;
  employeeName: string | null;
  recipientEmail: string;
  /** The expense in the API. */
  link: string;
  unsubscribe: string;
}

/**
 * The e-mail of one expense action: the organisation, what happened and by
 * whom, the expense's figures (the reason of a rejection) and its link.
 */
export function expenseNotice(facts: ExpenseNoticeFacts): MailMessage {
  const { expense, organisation } = facts;
  const happened = HAPPENED[facts.kind];
  const money = (amount: { toFixed(scale: number): string }) => `${amount.toFixed(2)} ${organisation.currency}`;
  const figures: [string, string][] = [
    ['Organisation', organisation.name],
    ['Employee', facts.employeeName ?? '-'],
    ['Date', expense.expenseDate.toString()],
    ['Amount', money(expense.amount)],
    ['Tax', money(expense.taxAmount)],
    ['Total', money(expense.totalAmount)],
    ['Status', expense.status],
  ];
  if (facts.kind === 'expense.rejected' && expense.rejectionReason) figures.push(['Reason', expense.rejectionReason]);
  return noticeMessage({
    to: facts.recipientEmail,
    subject: happened.subject,
    lead: `The expense "${expense.title}" (${expense.expenseNumber}) of ${organisation.name} was ${happened.verb} by ${facts.actorName}.`,
    figures,
    link: { url: facts.link, label: 'Open it' },
    unsubscribe: facts.unsubscribe,
  });
}
