import { MailMessage } from '../organisation/organisation.ports';

/** What every notification e-mail says, in its order: what happened, the record's figures, its link, and how to stop this kind. */
export interface NoticeContent {
  to: string;
  /** The service's own words: what a member typed stays in the body. */
  subject: string;
  lead: string;
  figures: [string, string][];
  link: { url: string; label: string };
  /** The one-click unsubscribe address (RFC 8058) of this kind for the recipient. */
  unsubscribe: string;
}

/** The e-mail in plain text and in HTML (every value escaped), with `List-Unsubscribe` and its one-click POST. */
export function noticeMessage(content: NoticeContent): MailMessage {
  const { figures, link, unsubscribe } = content;
  const unsubscribeLine = `You receive these e-mails because of your notification preferences; to stop this kind, unsubscribe at ${unsubscribe}`;
  const text = [content.lead, figures.map(([label, value]) => `${label}: ${value}`).join('\n'), `${link.label}: ${link.url}`, unsubscribeLine].join('\n\n');
  const html = [
    `<p>${escapeHtml(content.lead)}</p>`,
    `<table>${figures.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`,
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p><small>You receive these e-mails because of your notification preferences: <a href="${escapeHtml(unsubscribe)}">unsubscribe from this kind</a>.</small></p>`,
  ].join('\n');
  return {
    to: content.to,
    subject: content.subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Text made safe to stand in HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
