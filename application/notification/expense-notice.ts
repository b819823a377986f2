import { ExpenseSnapshot } from '../../domain/expense/expense';
import { NotificationKind } from '../../domain/notification/notification-kinds';
import { MailMessage } from '../organisation/organisation.ports';

/** What happened, as the subject and the first sentence say it. */
const HAPPENED: Record<NotificationKind, { subject: string; verb: string }> = {
  'expense.submitted': { subject: 'An expense awaits your approval', verb: 'submitted for approval' },
  'expense.approved': { subject: 'Your expense was approved', verb: 'approved' },
  'expense.rejected': { subject: 'Your expense was rejected', verb: 'rejected' },
  'expense.paid': { subject: 'Your expense was paid', verb: 'marked as paid' },
  'expense.reimbursed': { subject: 'Your expense was reimbursed', verb: 'reimbursed' },
  'expense.reopened': { subject: 'Your expense was reopened', verb: 'reopened' },
};

export interface ExpenseNoticeFacts {
  kind: NotificationKind;
  organisation: { name: string; currency: string };
  expense: ExpenseSnapshot;
  /** Who took the action. */
  actorName: string;
  employeeName: string | null;
  recipientEmail: string;
  /** The expense in the API. */
  link: string;
  /** The one-click unsubscribe address (RFC 8058) of this kind for the recipient. */
  unsubscribe: string;
}

/**
 * The e-mail of one expense action: the organisation, what happened and by
 * whom, the expense's figures and its link, in plain text and in HTML, with
 * `List-Unsubscribe` for the recipient's preference of the kind. The subject
 * is the service's own words: a title typed by a member is in the body only.
 */
export function expenseNotice(facts: ExpenseNoticeFacts): MailMessage {
  const { expense, organisation } = facts;
  const happened = HAPPENED[facts.kind];
  const lead = `The expense "${expense.title}" (${expense.expenseNumber}) of ${organisation.name} was ${happened.verb} by ${facts.actorName}.`;
  const figures: [string, string][] = [
    ['Organisation', organisation.name],
    ['Employee', facts.employeeName ?? '-'],
    ['Date', expense.expenseDate.toString()],
    ['Amount', `${expense.amount.toFixed(2)} ${organisation.currency}`],
    ['Tax', `${expense.taxAmount.toFixed(2)} ${organisation.currency}`],
    ['Total', `${expense.totalAmount.toFixed(2)} ${organisation.currency}`],
    ['Status', expense.status],
  ];
  if (facts.kind === 'expense.rejected' && expense.rejectionReason) figures.push(['Reason', expense.rejectionReason]);
  const unsubscribeLine = `You receive these e-mails because of your notification preferences; to stop this kind, unsubscribe at ${facts.unsubscribe}`;
  const text = [lead, figures.map(([label, value]) => `${label}: ${value}`).join('\n'), `Open it: ${facts.link}`, unsubscribeLine].join('\n\n');
  const html = [
    `<p>${escapeHtml(lead)}</p>`,
    `<table>${figures.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`,
    `<p><a href="${escapeHtml(facts.link)}">Open the expense</a></p>`,
    `<p><small>You receive these e-mails because of your notification preferences: <a href="${escapeHtml(facts.unsubscribe)}">unsubscribe from this kind</a>.</small></p>`,
  ].join('\n');
  return {
    to: facts.recipientEmail,
    subject: happened.subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${facts.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Text made safe to stand in HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
