import type { DocumentedOperation } from './operation';

/** The areas of the API: one tag each in its description. */
export const TAGS = {
  Auth: 'Sign-up, sessions (log in, log out) and passwords.',
  Profile: "The caller's own profile and picture.",
  Organisations: "The caller's organisations: create, read, update, logo.",
  Members: "An organisation's members and invitations, and accepting an invitation.",
  Expenses: 'Expenses, their receipts, and the actions that move them from draft to paid.',
  Accounts: 'The chart of accounts expenses are booked to.',
  'Sales stages': "The stages of an organisation's sales pipeline.",
  Clients: 'Clients.',
  Leads: 'Leads and their way through the sales stages.',
  Vendors: 'Vendors (suppliers).',
  Contacts: 'Contact groups and the contacts in each.',
  History: "Who changed what: each record's history and an organisation's activity.",
  Webhooks: 'Endpoints that receive the events of an organisation, and their deliveries.',
  Reports: 'Figures over expenses, the pipeline and vendors.',
  Operations: 'Health, readiness, and this description.',
} as const;

export type Tag = keyof typeof TAGS;

const TAG_BY_SEGMENT: Record<string, Tag> = {
  auth: 'Auth',
  me: 'Profile',
  organisations: 'Organisations',
  organisation: 'Organisations',
  members: 'Members',
  invitations: 'Members',
  expenses: 'Expenses',
  accounts: 'Accounts',
  'sales-stages': 'Sales stages',
  clients: 'Clients',
  leads: 'Leads',
  vendors: 'Vendors',
  'contact-groups': 'Contacts',
  activity: 'History',
  webhooks: 'Webhooks',
  reports: 'Reports',
  logo: 'Organisations',
  people: 'Profile',
};

/** The area of an operation: its own `tag`, a record's history, else the path's first resource segment. */
export function tagOf(operation: Pick<DocumentedOperation, 'path' | 'tag'>): Tag {
  if (operation.tag) return operation.tag;
  const { path } = operation;
  if (path.endsWith('/history')) return 'History';
  const segments = path.replace(/^\/api\/v1\.0\//, '').split('/');
  // Under an organisation the segment after its parameter names the area (the organisation itself without one).
  const segment = segments[0] === 'organisation' ? (segments[2] ?? 'organisation') : segments[0];
  return TAG_BY_SEGMENT[segment] ?? 'Operations';
}
