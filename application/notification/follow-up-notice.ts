import { MailMessage } from '../organisation/organisation.ports';
import { FollowUpDue } from './notification.ports';
import { noticeMessage } from './notice-layout';

/** The reminder to the person a vendor is assigned to, on the morning its follow-up date is reached. */
export function followUpNotice(facts: { vendor: FollowUpDue; day: string; organisationName: string; recipientEmail: string; link: string; unsubscribe: string }): MailMessage {
  return noticeMessage({
    to: facts.recipientEmail,
    subject: 'A vendor follow-up is due today',
    lead: `The follow-up of the vendor "${facts.vendor.vendorName}" of ${facts.organisationName}, assigned to you, is due today.`,
    figures: [
      ['Organisation', facts.organisationName],
      ['Vendor', facts.vendor.vendorName],
      ['Follow-up date', facts.day],
    ],
    link: { url: facts.link, label: 'Open it' },
    unsubscribe: facts.unsubscribe,
  });
}
