import { MailMessage } from '../organisation/organisation.ports';
import { escapeHtml } from './notice-layout';

/** The subject of the digest: the service's words. */
export const DIGEST_SUBJECT = 'Your notifications of the day';

/**
 * One e-mail with everything held for a person since their last digest, in
 * the order it happened: each message's subject, then its own words (its
 * link, and its unsubscribe line, among them).
 */
export function dailyDigest(messages: readonly MailMessage[]): MailMessage {
  const count = messages.length === 1 ? '1 notification' : `${messages.length} notifications`;
  const lead = `${count} since your last summary:`;
  return {
    to: messages[0].to,
    subject: DIGEST_SUBJECT,
    text: [lead, ...messages.map((message) => `${message.subject}\n\n${message.text}`)].join('\n\n----\n\n'),
    html: [`<p>${escapeHtml(lead)}</p>`, ...messages.map((message) => `<h3>${escapeHtml(message.subject)}</h3>\n${message.html ?? `<pre>${escapeHtml(message.text)}</pre>`}`)].join('\n<hr>\n'),
  };
}
