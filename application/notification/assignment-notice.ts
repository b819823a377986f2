import { LeadSnapshot } from '../../domain/lead/lead';
import { VendorSnapshot } from '../../domain/supplier/vendor';
import { MailMessage } from '../organisation/organisation.ports';
import { noticeMessage } from './notice-layout';

/** A lead or a vendor given to a member by someone else. */
export type AssignedRecord = { model: 'lead'; record: LeadSnapshot } | { model: 'vendor'; record: VendorSnapshot };

export interface AssignmentNoticeFacts {
  assigned: AssignedRecord;
  organisation: { name: string; currency: string };
  /** Who assigned it. */
  actorName: string;
  recipientEmail: string;
  /** The record in the API. */
  link: string;
  unsubscribe: string;
}

/**
 * The e-mail to a member a lead or a vendor was assigned to: the
 * organisation, who gave it, the record's figures and its link. What a member
 * typed (the title, the name) is in the body only.
 */
export function assignmentNotice(facts: AssignmentNoticeFacts): MailMessage {
  const { assigned, organisation } = facts;
  const name = assigned.model === 'lead' ? assigned.record.title : assigned.record.name;
  return noticeMessage({
    to: facts.recipientEmail,
    subject: assigned.model === 'lead' ? 'A lead was assigned to you' : 'A vendor was assigned to you',
    lead: `The ${assigned.model} "${name}" of ${organisation.name} was assigned to you by ${facts.actorName}.`,
    figures: [['Organisation', organisation.name], ...(assigned.model === 'lead' ? leadFigures(assigned.record, organisation.currency) : vendorFigures(assigned.record))],
    link: { url: facts.link, label: 'Open it' },
    unsubscribe: facts.unsubscribe,
  });
}

function leadFigures(lead: LeadSnapshot, currency: string): [string, string][] {
  return [
    ['Lead', lead.title],
    ['Source', lead.leadSource],
    ['Priority', lead.priority],
    ['Estimated value', lead.estimatedValue ? `${lead.estimatedValue.toFixed(2)} ${currency}` : '-'],
    ['Win probability', lead.winProbability ? `${lead.winProbability.toFixed(2)} %` : '-'],
    ['Expected close date', lead.expectedCloseDate?.toString() ?? '-'],
  ];
}

function vendorFigures(vendor: VendorSnapshot): [string, string][] {
  return [
    ['Vendor', vendor.name],
    ['Status', vendor.vendorStatus],
    ['Category', vendor.vendorCategory],
    ['Next follow-up date', vendor.nextFollowUpDate?.toString() ?? '-'],
    ['Contract end date', vendor.contractEndDate?.toString() ?? '-'],
  ];
}
