import { randomBytes } from 'node:crypto';
import { routesOf } from '../../adapters/http/shared/routes';
import { signUp, TestUser } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { testDatabases } from '../support/databases';
import { actOn, anExpense, createExpense, multipart, RECEIPT_FILES } from '../support/expenses';
import { addMember } from '../support/members';
import { aRecord, Collection, createContact, createRecord, oneOfEach, OrganisationRecords } from '../support/organisation-records';
import { PICTURE_FILES, pictureForm } from '../support/pictures';
import { servedRoutes, startTestApp, TestApp } from '../support/test-app';

/**
 * Every endpoint the server serves, called by the owner of organisation A, a
 * member of A, a non-member (the owner of another organisation) and an
 * anonymous client, each over HTTP with Basic credentials. The statuses are
 * written out by hand: they are the oracle, not derived from the policy.
 */

type Caller = 'owner' | 'member' | 'nonMember' | 'anonymous';
const CALLERS: Caller[] = ['owner', 'member', 'nonMember', 'anonymous'];
type Statuses = readonly [owner: number, member: number, nonMember: number, anonymous: number];

interface World {
  app: TestApp;
  org: string;
  users: Record<Exclude<Caller, 'anonymous'>, TestUser>;
  clients: Record<Caller, ApiClient>;
  records: OrganisationRecords & { receiptExpense: string };
  /** The owner of an organisation that invites each caller (invitation accept). */
  host: TestUser;
  /** Whose credentials the login row sends. */
  spare: TestUser;
}

type Params = Record<string, string>;

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Exactly as the router declares it. */
  route: string;
  /** Tells apart the rows of one route (the expense actions). */
  variant?: string;
  /** The path parameters of the target, for each caller; destructive rows make a fresh one. Default: the shared records. */
  target?: (w: World, caller: Caller) => Promise<Params> | Params;
  query?: string;
  body?: (w: World, caller: Caller) => unknown;
  /** A multipart body instead (a file upload). */
  form?: () => FormData;
  /** What the owner reads before and after a refused call: it must not change. */
  unchanged?: (w: World, params: Params) => Promise<unknown>;
  expect: Statuses;
}

const PASSPHRASE = 'a fine passphrase';
let counter = 0;
const freshEmail = () => `table-${++counter}-${randomBytes(3).toString('hex')}@example.com`;

function pathOf(route: string, params: Params, query?: string): string {
  const path = route.replace(/:(\w+)/g, (_match, name: string) => {
    if (params[name] === undefined) throw new Error(`no value for :${name} in ${route}`);
    return encodeURIComponent(params[name]);
  });
  return `${path}${route.startsWith('/api/') ? '/' : ''}${query ? `?${query}` : ''}`;
}

function sharedParams(w: World): Params {
  return { uid: w.org, org: w.org, group: w.records.contactGroup, contact: w.records.contact };
}

/** The owner's reading of a route (its status and body), at the target's parameters. */
const readBack = (route: string) => async (w: World, params: Params) => {
  const response = await w.clients.owner.get(pathOf(route, params));
  return { status: response.status, body: response.body };
};

/** The invitations as the owner reads them, but for when their e-mails went out: the background delivery records that at any time. */
const invitationsBack = (route: string) => async (w: World, params: Params) => {
  const { status, body } = await readBack(route)(w, params);
  return { status, body: Array.isArray(body) ? body.map((invitation: Record<string, unknown>) => ({ ...invitation, sent_at: 'any' })) : body };
};

const shared = (record: keyof World['records']) => (w: World) => ({ id: w.records[record] });
const freshRecord = (collection: Collection) => async (w: World) => ({ id: await createRecord(w.clients.owner, w.org, collection) });
const freshGroup = async (w: World) => ({ group: await createRecord(w.clients.owner, w.org, 'contact-groups') });
const freshContact = async (w: World) => ({ contact: await createContact(w.clients.owner, w.org, w.records.contactGroup) });
const freshMember = async (w: World) => {
  const person = await signUp(w.app.client);
  await addMember(w.app, w.org, person);
  return { personUid: person.personUniqueId };
};
/** A new organisation of the owner with the member in it (closed by the owner when `closed`): its closing, handing over or leaving changes nothing else. */
const freshOrganisation =
  (closed = false) =>
  async (w: World) => {
    const { owner, member } = w.users;
    const org = (await owner.api.post('/api/v1.0/organisations/create/', { name: 'Fresh for the table' })).body.unique_id as string;
    await addMember(w.app, org, member);
    if (closed) await owner.api.delete(`/api/v1.0/organisation/${org}/`, { json: { current_password: owner.password } });
    return { org };
  };
/** A new member of A alone (the callers share the host's organisation by now), with a picture. */
const freshMemberWithPicture = async (w: World) => {
  const person = await signUp(w.app.client);
  await addMember(w.app, w.org, person);
  await person.api.put('/api/v1.0/me/picture/', undefined, { multipart: pictureForm(PICTURE_FILES.png) });
  return { personUid: person.personUniqueId };
};
/** An expense of A, moved by the owner along `steps` from a draft. */
const freshExpense =
  (...steps: string[]) =>
  async (w: World) => {
    const { unique_id: id } = await createExpense(w.clients.owner, w.org);
    await actOn(w.clients.owner, w.org, id, ...steps);
    return { id };
  };
/** An invitation to another organisation, sent to the caller's own e-mail (or a new one, for an anonymous caller). */
const invitationToCaller = async (w: World, caller: Caller) => {
  const email = caller === 'anonymous' ? freshEmail() : w.users[caller].email;
  const invited = await w.host.api.post(`/api/v1.0/organisation/${w.host.organisationUniqueId}/invitations/`, { email, role: 'member' });
  return { token: invited.body.token as string };
};
/** A pending invitation of A, sent by the owner to a new address. */
const freshInvitation = async (w: World) => {
  const invited = await w.clients.owner.post(`/api/v1.0/organisation/${w.org}/invitations/`, { email: freshEmail(), role: 'member' });
  return { invitationUid: invited.body.unique_id as string };
};
/** An endpoint nobody listens at (port 9 refuses at once): a ping answers 200 with the failed attempt. */
const freshWebhook = async (w: World) => {
  const created = await w.clients.owner.post(`/api/v1.0/organisation/${w.org}/webhooks/create/`, { url: 'http://127.0.0.1:9/hook', events: ['vendor.created'] });
  return { id: created.body.unique_id as string };
};
/** An API key of A made by the member (the owner reaches every key of the organisation, a member their own). */
const freshMemberKey = async (w: World) => {
  const created = await w.clients.member.post(`/api/v1.0/organisation/${w.org}/api-keys/create/`, { name: 'Table key', scopes: ['vendors:read'] });
  return { id: created.body.unique_id as string };
};
const passwordOf = (w: World, caller: Caller) => (caller === 'anonymous' ? PASSPHRASE : w.users[caller].password);

const ACTION_ROUTE = '/api/v1.0/organisation/:org/expenses/:id/action';
const EXPENSE_DETAIL = '/api/v1.0/organisation/:org/expenses/:id';

/** Each expense action from the status it is allowed in, reached from a draft by the owner. */
const EXPENSE_ACTION_CASES: [action: string, steps: string[], statuses: Statuses][] = [
  ['submit', [], [200, 200, 404, 401]],
  ['approve', ['submit'], [200, 403, 404, 401]],
  ['reject', ['submit'], [200, 403, 404, 401]],
  ['mark_paid', ['submit', 'approve'], [200, 403, 404, 401]],
  ['reimburse', ['submit', 'approve'], [200, 403, 404, 401]],
  ['reopen', ['submit', 'reject'], [200, 200, 404, 401]],
];

const actionRows = (method: 'GET' | 'POST'): Row[] =>
  EXPENSE_ACTION_CASES.map(([action, steps, statuses]) => ({
    method,
    route: ACTION_ROUTE,
    variant: action,
    target: freshExpense(...steps),
    ...(method === 'GET' ? { query: `action=${action}` } : { body: () => ({ action }) }),
    unchanged: readBack(EXPENSE_DETAIL),
    expect: statuses,
  }));

/**
 * A resource of the vendor path pattern that every member may read and write:
 * list, `create/`, `{id}/`, `{id}/update/` (PUT, PATCH) and `{id}/delete/`.
 */
const memberResourceRows = (base: string, collection: Collection, record: keyof World['records'], patch: object): Row[] => {
  const detail = `${base}/:id`;
  return [
    { method: 'GET', route: base, expect: [200, 200, 404, 401] },
    { method: 'POST', route: `${base}/create`, body: () => aRecord(collection), unchanged: readBack(base), expect: [201, 201, 404, 401] },
    { method: 'GET', route: detail, target: shared(record), expect: [200, 200, 404, 401] },
    { method: 'GET', route: `${detail}/history`, target: shared(record), expect: [200, 200, 404, 401] },
    { method: 'PUT', route: `${detail}/update`, target: shared(record), body: () => aRecord(collection), unchanged: readBack(detail), expect: [200, 200, 404, 401] },
    { method: 'PATCH', route: `${detail}/update`, target: shared(record), body: () => patch, unchanged: readBack(detail), expect: [200, 200, 404, 401] },
    { method: 'DELETE', route: `${detail}/delete`, target: freshRecord(collection), unchanged: readBack(detail), expect: [204, 204, 404, 401] },
  ];
};

/**
 * Projects: every member reads them (and reports on them), the owner alone
 * creates, changes and deletes them. Each row works on a project of its own.
 */
const projectRows = (): Row[] => {
  const base = '/api/v1.0/organisation/:org/projects';
  const detail = `${base}/:id`;
  const project = freshRecord('projects');
  return [
    { method: 'GET', route: base, expect: [200, 200, 404, 401] },
    { method: 'POST', route: `${base}/create`, body: () => aRecord('projects'), unchanged: readBack(base), expect: [201, 403, 404, 401] },
    { method: 'GET', route: detail, target: project, expect: [200, 200, 404, 401] },
    { method: 'GET', route: `${detail}/history`, target: project, expect: [200, 200, 404, 401] },
    { method: 'PUT', route: `${detail}/update`, target: project, body: () => aRecord('projects'), unchanged: readBack(detail), expect: [200, 403, 404, 401] },
    { method: 'PATCH', route: `${detail}/update`, target: project, body: () => ({ status: 'on_hold' }), unchanged: readBack(detail), expect: [200, 403, 404, 401] },
    { method: 'DELETE', route: `${detail}/delete`, target: project, unchanged: readBack(detail), expect: [204, 403, 404, 401] },
    { method: 'GET', route: '/api/v1.0/organisation/:org/reports/projects', expect: [200, 200, 404, 401] },
  ];
};

// Each row's `expect` is [owner, member, non-member, anonymous].
/** A CSV import of one new client. */
const importForm = () => {
  const form = new FormData();
  form.append('resource', 'clients');
  form.append('file', new Blob([`name\r\nImported ${randomBytes(3).toString('hex')}\r\n`], { type: 'text/csv' }), 'clients.csv');
  return form;
};
const ownersImport = async (w: World) => {
  const made = await w.clients.owner.request('POST', `/api/v1.0/organisation/${w.org}/imports/`, { multipart: importForm() });
  return { id: made.body.unique_id as string };
};

const ROWS: Row[] = [
  // Operations and public endpoints: no credentials needed, any sent are ignored.
  { method: 'GET', route: '/healthz', expect: [200, 200, 200, 200] },
  { method: 'GET', route: '/readyz', expect: [200, 200, 200, 200] },
  { method: 'GET', route: '/api/schema', expect: [200, 200, 200, 200] },
  { method: 'GET', route: '/api/docs', expect: [200, 200, 200, 200] },
  { method: 'GET', route: '/api/docs/assets/:file', target: () => ({ file: 'swagger-ui.css' }), expect: [200, 200, 200, 200] },
  {
    method: 'POST',
    route: '/api/v1.0/auth/signup',
    body: () => ({ email: freshEmail(), password: PASSPHRASE, first_name: 'New', last_name: 'Comer', organisation_name: 'Newco' }),
    expect: [201, 201, 201, 201],
  },
  { method: 'POST', route: '/api/v1.0/auth/login', body: (w) => ({ email: w.spare.email, password: w.spare.password }), expect: [200, 200, 200, 200] },
  {
    method: 'POST',
    route: '/api/v1.0/invitations/:token/accept',
    target: invitationToCaller,
    body: () => ({ password: PASSPHRASE, first_name: 'In', last_name: 'Vitee' }),
    expect: [200, 200, 200, 200],
  },

  // The caller's own account: anyone signed in.
  { method: 'POST', route: '/api/v1.0/auth/logout', expect: [204, 204, 204, 401] },
  {
    method: 'POST',
    route: '/api/v1.0/auth/password',
    body: (w, caller) => ({ current_password: passwordOf(w, caller), new_password: passwordOf(w, caller) }),
    expect: [204, 204, 204, 401],
  },
  { method: 'GET', route: '/api/v1.0/me', expect: [200, 200, 200, 401] },
  { method: 'PUT', route: '/api/v1.0/me', body: () => ({ job_title: 'Put by the table' }), expect: [200, 200, 200, 401] },
  { method: 'PATCH', route: '/api/v1.0/me', body: () => ({ job_title: 'Patched by the table' }), expect: [200, 200, 200, 401] },
  { method: 'GET', route: '/api/v1.0/me/export', expect: [200, 200, 200, 401] },
  // Nobody's account goes with a wrong password (the erasure itself: personal-data.e2e.test.ts).
  { method: 'DELETE', route: '/api/v1.0/me', body: () => ({ current_password: 'not the password' }), unchanged: (w) => w.users.owner.api.get('/api/v1.0/me/').then((r) => r.status), expect: [400, 400, 400, 401] },
  { method: 'GET', route: '/api/v1.0/me/notifications', expect: [200, 200, 200, 401] },
  { method: 'PATCH', route: '/api/v1.0/me/notifications', body: () => ({ expense_paid: true }), expect: [200, 200, 200, 401] },
  { method: 'GET', route: '/api/v1.0/me/notifications/deliveries', expect: [200, 200, 200, 401] },
  // The signed link is the proof, not the caller: an unsigned one is refused to everyone alike.
  {
    method: 'POST',
    route: '/api/v1.0/me/notifications/unsubscribe',
    query: `person=nobody&kind=expense.paid&signature=${'0'.repeat(64)}`,
    expect: [404, 404, 404, 404],
  },
  // Pictures: a person's goes to whoever shares an organisation with them; A has a logo (set up below).
  { method: 'GET', route: '/api/v1.0/people/:personUid/picture', target: freshMemberWithPicture, expect: [200, 200, 404, 401] },
  { method: 'PUT', route: '/api/v1.0/me/picture', form: () => pictureForm(PICTURE_FILES.png), expect: [200, 200, 200, 401] },
  { method: 'DELETE', route: '/api/v1.0/me/picture', expect: [204, 204, 204, 401] },
  { method: 'GET', route: '/api/v1.0/organisations', expect: [200, 200, 200, 401] },
  { method: 'POST', route: '/api/v1.0/organisations/create', body: () => ({ name: 'Founded by the table' }), expect: [201, 201, 201, 401] },

  // Organisation A, its members and invitations.
  { method: 'GET', route: '/api/v1.0/organisation/:org', expect: [200, 200, 404, 401] },
  {
    method: 'PUT',
    route: '/api/v1.0/organisation/:org/update',
    body: () => ({ name: 'Put by the table' }),
    unchanged: readBack('/api/v1.0/organisation/:org'),
    expect: [200, 403, 404, 401],
  },
  {
    method: 'PATCH',
    route: '/api/v1.0/organisation/:org/update',
    body: () => ({ business_description: 'Patched by the table' }),
    unchanged: readBack('/api/v1.0/organisation/:org'),
    expect: [200, 403, 404, 401],
  },
  { method: 'GET', route: '/api/v1.0/organisation/:org/logo', expect: [200, 200, 404, 401] },
  {
    method: 'PUT',
    route: '/api/v1.0/organisation/:org/logo',
    form: () => pictureForm(PICTURE_FILES.webp),
    unchanged: readBack('/api/v1.0/organisation/:org'),
    expect: [200, 403, 404, 401],
  },
  { method: 'DELETE', route: '/api/v1.0/organisation/:org/logo', unchanged: readBack('/api/v1.0/organisation/:org'), expect: [204, 403, 404, 401] },
  { method: 'GET', route: '/api/v1.0/organisation/:org/members', expect: [200, 200, 404, 401] },
  { method: 'GET', route: '/api/v1.0/organisation/:org/activity', expect: [200, 403, 404, 401] },
  { method: 'GET', route: '/api/v1.0/organisation/:org/reports/expenses', query: 'group_by=month', expect: [200, 200, 404, 401] },
  { method: 'GET', route: '/api/v1.0/organisation/:org/reports/pipeline', expect: [200, 200, 404, 401] },
  { method: 'POST', route: '/api/v1.0/organisation/:org/imports', form: importForm, unchanged: readBack('/api/v1.0/organisation/:org/clients'), expect: [201, 201, 404, 401] },
  // The list of imports: the member sees their own (none), the owner every one.
  { method: 'GET', route: '/api/v1.0/organisation/:org/imports', expect: [200, 200, 404, 401] },
  // The owner's import: the member who ran none of it sees nothing of it.
  { method: 'GET', route: '/api/v1.0/organisation/:org/imports/:id', target: ownersImport, expect: [200, 404, 404, 401] },
  { method: 'GET', route: '/api/v1.0/organisation/:org/imports/:id/errors', target: ownersImport, expect: [200, 404, 404, 401] },
  { method: 'GET', route: '/api/v1.0/organisation/:org/reports/vendors/follow-ups', query: 'days=30', expect: [200, 200, 404, 401] },
  {
    method: 'DELETE',
    route: '/api/v1.0/organisation/:org/members/:personUid',
    target: freshMember,
    unchanged: readBack('/api/v1.0/organisation/:org/members'),
    expect: [204, 403, 404, 401],
  },
  // An organisation's life: each on a fresh organisation of the owner's with the member in it.
  {
    method: 'DELETE',
    route: '/api/v1.0/organisation/:org',
    target: freshOrganisation(),
    body: (w, caller) => ({ current_password: passwordOf(w, caller) }),
    unchanged: readBack('/api/v1.0/organisation/:org'),
    expect: [202, 403, 404, 401],
  },
  { method: 'POST', route: '/api/v1.0/organisation/:org/restore', target: freshOrganisation(true), expect: [200, 404, 404, 401] },
  {
    method: 'POST',
    route: '/api/v1.0/organisation/:org/transfer-ownership',
    target: freshOrganisation(),
    body: (w, caller) => ({ person: w.users.member.personUniqueId, current_password: passwordOf(w, caller) }),
    unchanged: readBack('/api/v1.0/organisation/:org/members'),
    expect: [200, 403, 404, 401],
  },
  { method: 'POST', route: '/api/v1.0/organisation/:org/leave', target: freshOrganisation(), unchanged: readBack('/api/v1.0/organisation/:org/members'), expect: [409, 204, 404, 401] },
  {
    method: 'POST',
    route: '/api/v1.0/organisation/:org/invitations',
    body: () => ({ email: freshEmail(), role: 'member' }),
    unchanged: invitationsBack('/api/v1.0/organisation/:org/invitations'),
    expect: [201, 403, 404, 401],
  },
  { method: 'GET', route: '/api/v1.0/organisation/:org/invitations', expect: [200, 403, 404, 401] },
  {
    method: 'DELETE',
    route: '/api/v1.0/organisation/:org/invitations/:invitationUid',
    target: freshInvitation,
    unchanged: invitationsBack('/api/v1.0/organisation/:org/invitations'),
    expect: [204, 403, 404, 401],
  },
  {
    method: 'POST',
    route: '/api/v1.0/organisation/:org/invitations/:invitationUid/resend',
    target: freshInvitation,
    unchanged: invitationsBack('/api/v1.0/organisation/:org/invitations'),
    expect: [200, 403, 404, 401],
  },

  // Webhooks: the owner's alone.
  { method: 'GET', route: '/api/v1.0/organisation/:org/webhooks', expect: [200, 403, 404, 401] },
  {
    method: 'POST',
    route: '/api/v1.0/organisation/:org/webhooks/create',
    body: () => ({ url: 'https://hooks.example.com/in', events: ['lead.created'] }),
    unchanged: readBack('/api/v1.0/organisation/:org/webhooks'),
    expect: [201, 403, 404, 401],
  },
  { method: 'GET', route: '/api/v1.0/organisation/:org/webhooks/:id', target: freshWebhook, expect: [200, 403, 404, 401] },
  {
    method: 'PATCH',
    route: '/api/v1.0/organisation/:org/webhooks/:id',
    target: freshWebhook,
    body: () => ({ is_active: false }),
    unchanged: readBack('/api/v1.0/organisation/:org/webhooks/:id'),
    expect: [200, 403, 404, 401],
  },
  {
    method: 'DELETE',
    route: '/api/v1.0/organisation/:org/webhooks/:id',
    target: freshWebhook,
    unchanged: readBack('/api/v1.0/organisation/:org/webhooks/:id'),
    expect: [204, 403, 404, 401],
  },
  { method: 'GET', route: '/api/v1.0/organisation/:org/webhooks/:id/deliveries', target: freshWebhook, expect: [200, 403, 404, 401] },
  {
    method: 'POST',
    route: '/api/v1.0/organisation/:org/webhooks/:id/ping',
    target: freshWebhook,
    unchanged: readBack('/api/v1.0/organisation/:org/webhooks/:id/deliveries'),
    expect: [200, 403, 404, 401],
  },

  // API keys: any member's, each reaching their own keys, the owner every key.
  { method: 'GET', route: '/api/v1.0/organisation/:org/api-keys', expect: [200, 200, 404, 401] },
  {
    method: 'POST',
    route: '/api/v1.0/organisation/:org/api-keys/create',
    body: () => ({ name: 'Made by the table', scopes: ['*:read'] }),
    unchanged: readBack('/api/v1.0/organisation/:org/api-keys'),
    expect: [201, 201, 404, 401],
  },
  { method: 'GET', route: '/api/v1.0/organisation/:org/api-keys/:id', target: freshMemberKey, expect: [200, 200, 404, 401] },
  { method: 'GET', route: '/api/v1.0/organisation/:org/api-keys/:id/history', target: freshMemberKey, expect: [200, 200, 404, 401] },
  {
    method: 'PUT',
    route: '/api/v1.0/organisation/:org/api-keys/:id',
    target: freshMemberKey,
    body: () => ({ name: 'Put by the table', scopes: ['leads:read'] }),
    unchanged: readBack('/api/v1.0/organisation/:org/api-keys/:id'),
    expect: [200, 200, 404, 401],
  },
  {
    method: 'PATCH',
    route: '/api/v1.0/organisation/:org/api-keys/:id',
    target: freshMemberKey,
    body: () => ({ name: 'Patched by the table' }),
    unchanged: readBack('/api/v1.0/organisation/:org/api-keys/:id'),
    expect: [200, 200, 404, 401],
  },
  {
    method: 'DELETE',
    route: '/api/v1.0/organisation/:org/api-keys/:id',
    target: freshMemberKey,
    unchanged: readBack('/api/v1.0/organisation/:org/api-keys/:id'),
    expect: [204, 204, 404, 401],
  },

  // Chart of accounts.
  ...memberResourceRows('/api/v1.0/organisation/:org/accounts', 'accounts', 'account', { description: 'Patched by the table' }),

  // Expenses.
  { method: 'GET', route: '/api/v1.0/organisation/:org/expenses', expect: [200, 200, 404, 401] },
  {
    method: 'POST',
    route: '/api/v1.0/organisation/:org/expenses/create',
    body: () => anExpense(),
    unchanged: readBack('/api/v1.0/organisation/:org/expenses'),
    expect: [201, 201, 404, 401],
  },
  { method: 'GET', route: '/api/v1.0/organisation/:org/expenses/:id', target: shared('expense'), expect: [200, 200, 404, 401] },
  { method: 'GET', route: '/api/v1.0/organisation/:org/expenses/:id/history', target: shared('expense'), expect: [200, 200, 404, 401] },
  {
    method: 'PUT',
    route: '/api/v1.0/organisation/:org/expenses/:id/update',
    target: shared('expense'),
    body: () => anExpense(),
    unchanged: readBack(EXPENSE_DETAIL),
    expect: [200, 200, 404, 401],
  },
  {
    method: 'PATCH',
    route: '/api/v1.0/organisation/:org/expenses/:id/update',
    target: shared('expense'),
    body: () => ({ notes: 'Patched by the table' }),
    unchanged: readBack(EXPENSE_DETAIL),
    expect: [200, 200, 404, 401],
  },
  {
    method: 'DELETE',
    route: '/api/v1.0/organisation/:org/expenses/:id/delete',
    target: freshExpense(),
    unchanged: readBack(EXPENSE_DETAIL),
    expect: [204, 204, 404, 401],
  },
  ...actionRows('GET'),
  ...actionRows('POST'),
  { method: 'GET', route: '/api/v1.0/organisation/:org/expenses/:id/receipt', target: shared('receiptExpense'), expect: [200, 200, 404, 401] },

  // Sales stages.
  ...memberResourceRows('/api/v1.0/organisation/:org/sales-stages', 'sales-stages', 'salesStage', { description: 'Patched by the table' }),

  // Clients.
  ...memberResourceRows('/api/v1.0/organisation/:org/clients', 'clients', 'client', { phone: '+254 700 000000' }),

  // Leads.
  ...memberResourceRows('/api/v1.0/organisation/:org/leads', 'leads', 'lead', { priority: 'high' }),

  // Vendors.
  ...memberResourceRows('/api/v1.0/organisation/:org/vendors', 'vendors', 'vendor', { vendor_status: 'preferred' }),

  // Projects.
  ...projectRows(),

  // Contact groups.
  { method: 'GET', route: '/api/v1.0/organisation/:org/contact-groups', expect: [200, 200, 404, 401] },
  {
    method: 'POST',
    route: '/api/v1.0/organisation/:org/contact-groups/create',
    body: () => aRecord('contact-groups'),
    unchanged: readBack('/api/v1.0/organisation/:org/contact-groups'),
    expect: [201, 201, 404, 401],
  },
  { method: 'GET', route: '/api/v1.0/organisation/:org/contact-groups/:group', expect: [200, 200, 404, 401] },
  { method: 'GET', route: '/api/v1.0/organisation/:org/contact-groups/:group/history', expect: [200, 200, 404, 401] },
  {
    method: 'PUT',
    route: '/api/v1.0/organisation/:org/contact-groups/:group',
    body: () => aRecord('contact-groups'),
    unchanged: readBack('/api/v1.0/organisation/:org/contact-groups/:group'),
    expect: [200, 200, 404, 401],
  },
  {
    method: 'PATCH',
    route: '/api/v1.0/organisation/:org/contact-groups/:group',
    body: () => ({ description: 'Patched by the table' }),
    unchanged: readBack('/api/v1.0/organisation/:org/contact-groups/:group'),
    expect: [200, 200, 404, 401],
  },
  {
    method: 'DELETE',
    route: '/api/v1.0/organisation/:org/contact-groups/:group',
    target: freshGroup,
    unchanged: readBack('/api/v1.0/organisation/:org/contact-groups/:group'),
    expect: [204, 204, 404, 401],
  },

  // Contacts, inside the shared contact group.
  { method: 'GET', route: '/api/v1.0/organisation/:org/contact-groups/:group/contacts', expect: [200, 200, 404, 401] },
  {
    method: 'POST',
    route: '/api/v1.0/organisation/:org/contact-groups/:group/contacts/create',
    body: () => ({ first_name: 'Created by the table' }),
    unchanged: readBack('/api/v1.0/organisation/:org/contact-groups/:group/contacts'),
    expect: [201, 201, 404, 401],
  },
  { method: 'GET', route: '/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact', expect: [200, 200, 404, 401] },
  { method: 'GET', route: '/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact/history', expect: [200, 200, 404, 401] },
  {
    method: 'PUT',
    route: '/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact',
    body: () => ({ first_name: 'Put by the table' }),
    unchanged: readBack('/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact'),
    expect: [200, 200, 404, 401],
  },
  {
    method: 'PATCH',
    route: '/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact',
    body: () => ({ last_name: 'Patched by the table' }),
    unchanged: readBack('/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact'),
    expect: [200, 200, 404, 401],
  },
  {
    method: 'DELETE',
    route: '/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact',
    target: freshContact,
    unchanged: readBack('/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact'),
    expect: [200, 200, 404, 401],
  },
];

const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

const CELLS = ROWS.flatMap((row) =>
  CALLERS.map((caller, index) => [`${row.method} ${row.route}${row.variant ? ` (${row.variant})` : ''}`, caller, row.expect[index], row] as const),
);

describe.each(testDatabases())('authorisation of every endpoint on $name', (factory) => {
  let w: World;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    const app = await startTestApp(database);
    const owner = await signUp(app.client, { organisation_name: 'Table' });
    const member = await signUp(app.client);
    const nonMember = await signUp(app.client);
    await addMember(app, owner.organisationUniqueId, member);
    const org = owner.organisationUniqueId;
    await owner.api.put(`/api/v1.0/organisation/${org}/logo/`, undefined, { multipart: pictureForm(PICTURE_FILES.jpeg) });
    const withReceipt = await owner.api.post(`/api/v1.0/organisation/${org}/expenses/create/`, undefined, {
      multipart: multipart(anExpense(), RECEIPT_FILES.pdf),
    });
    w = {
      app,
      org,
      users: { owner, member, nonMember },
      clients: { owner: owner.api, member: member.api, nonMember: nonMember.api, anonymous: app.client },
      records: { ...(await oneOfEach(owner.api, org)), receiptExpense: withReceipt.body.unique_id },
      host: await signUp(app.client),
      spare: await signUp(app.client),
    };
  });

  afterAll(async () => {
    await w.app.close();
    await dispose();
  });

  it('has a row for every route the server serves, and no row for a route it does not serve', () => {
    const served = new Set(routesOf(servedRoutes(w.app)).map(routeKey));
    const tabled = new Set(ROWS.map((row) => routeKey({ method: row.method, path: row.route })));
    const withoutRow = [...served].filter((route) => !tabled.has(route));
    const withoutRoute = [...tabled].filter((route) => !served.has(route));
    expect({ withoutRow, withoutRoute }).toEqual({ withoutRow: [], withoutRoute: [] });
  });

  it.each(CELLS)('%s as %s: %i', async (_name, caller, status, row) => {
    const params = { ...sharedParams(w), ...(await row.target?.(w, caller)) };
    const refused = status >= 400;
    const before = refused ? await row.unchanged?.(w, params) : undefined;
    const response = await w.clients[caller].request(row.method, pathOf(row.route, params, row.query), { json: row.body?.(w, caller), multipart: row.form?.() });
    // The body is shown only when the status is not the expected one.
    expect({ status: response.status, ...(response.status !== status && { body: response.body }) }).toEqual({ status });
    if (refused && row.unchanged) expect(await row.unchanged(w, params)).toEqual(before);
  });
});
