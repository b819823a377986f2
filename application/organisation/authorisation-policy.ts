import type { ExpenseAction } from '../../domain/expense/expense-transitions';
import { Role } from '../../domain/organisation/membership';

/**
 * Who may do what inside an organisation: every organisation-scoped operation
 * and the least role allowed to perform it. Someone who is not a member may do
 * none of them (and learns nothing: NotFound, see OrganisationAccess).
 * Every expense action has its row, `expenses.<action>`.
 */
export const AUTHORISATION_POLICY = {
  'organisation.view': 'member',
  'organisation.update': 'owner',
  'organisation.view_logo': 'member',
  'organisation.change_logo': 'owner',
  /** Handing the organisation to another member, closing it, and restoring it while it is closing. */
  'organisation.transfer_ownership': 'owner',
  'organisation.close': 'owner',
  'organisation.restore': 'owner',

  'members.list': 'member',
  'members.remove': 'owner',
  /** Leaving on one's own (the owner may not: they hand the organisation over first). */
  'members.leave': 'member',

  'invitations.create': 'owner',
  'invitations.list': 'owner',
  'invitations.resend': 'owner',
  'invitations.revoke': 'owner',

  /** Every record's history together (a record's own history is for every member). */
  'activity.list': 'owner',

  // An expense's receipt and actions; its five operations are its kind's (member).
  'expenses.view_receipt': 'member',
  'expenses.submit': 'member',
  'expenses.reopen': 'member',
  'expenses.approve': 'owner',
  'expenses.reject': 'owner',
  'expenses.mark_paid': 'owner',
  'expenses.reimburse': 'owner',

  // Declared resources (expenses, vendors, accounts, sales stages, clients, leads, contacts, webhook endpoints) name their roles in their kind.

  /** Figures over the records every member may read. */
  'reports.expenses': 'member',
  'reports.pipeline': 'member',
  'reports.vendor_follow_ups': 'member',
} as const satisfies Record<string, Role> & Record<`expenses.${ExpenseAction}`, Role>;

export type Operation = keyof typeof AUTHORISATION_POLICY;

/** Whether `role` is at least `least`: the owner may do all a member may, and more. */
export function roleSuffices(role: Role, least: Role): boolean {
  return least === 'member' || role === 'owner';
}
