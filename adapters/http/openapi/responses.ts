import { RECEIPT_CONTENT_TYPES } from '../../../domain/expense/receipt';
import { ACCOUNT_ORDERING, AccountListParams } from '../account/account.dto';
import { ACCOUNT_SCHEMA } from '../account/account.presenter';
import { SIGN_UP_SCHEMA } from '../auth/auth.presenter';
import { CLIENT_ORDERINGS, ClientListParameters } from '../client/client.dto';
import { CLIENT_SCHEMA } from '../client/client.presenter';
import { CONTACT_GROUP_ORDERINGS, CONTACT_ORDERINGS } from '../contact/contact.dto';
import { CONTACT_GROUP_SCHEMA, CONTACT_SCHEMA } from '../contact/contact.presenter';
import { EXPENSE_ORDERING, ExpenseListParams } from '../expense/expense.dto';
import { EXPENSE_LIST_ITEM_SCHEMA, EXPENSE_SCHEMA } from '../expense/expense.presenter';
import { LEAD_ORDERINGS, LeadListParameters } from '../lead/lead.dto';
import { LEAD_SCHEMA } from '../lead/lead.presenter';
import { INVITATION_SCHEMA, MEMBER_SCHEMA } from '../organisation/members.presenter';
import { BASIC_ORGANISATION_SCHEMA, OWNER_ORGANISATION_SCHEMA } from '../organisation/organisation.presenter';
import { PROFILE_SCHEMA } from '../person/profile.presenter';
import { SALES_STAGE_ORDERINGS } from '../sales-stage/sales-stage.dto';
import { SALES_STAGE_SCHEMA } from '../sales-stage/sales-stage.presenter';
import { VENDOR_ORDERINGS, VendorListParameters } from '../vendor/vendor.dto';
import { VENDOR_SCHEMA } from '../vendor/vendor.presenter';
import { ListParameters, ListQuery } from '../validation/list-query';
import { WireSchema, wireSchema as s } from '../shared/wire-schema';
import { DOCS_ASSET_TYPES } from './docs-page';

/** Response headers the document describes (`components.headers`). */
export type DocumentedHeader = 'X-Total-Count' | 'Link' | 'Set-Cookie' | 'Content-Disposition';

/** One success answer of an operation. */
export interface Answer {
  status: number;
  description: string;
  /** A JSON body and its schema. */
  json?: WireSchema<unknown>;
  /** A body of another media type (a file, a page). */
  media?: { types: readonly string[]; description: string };
  /** Headers it carries; `true` when always. */
  headers?: Partial<Record<DocumentedHeader, boolean>>;
  /** A page of a list: takes the query parameters of `list` (filters, paging, ordering), and may answer 400 on them. */
  list?: ListParameters;
}

/**
 * Error statuses an operation answers beyond those its shape implies: every
 * operation with credentials 401, 429 (failed Basic logins are throttled) and,
 * on unsafe methods, 403 (CSRF); with a body 400, 413 and 415; with a path
 * parameter 404; a list 400; every path 405 to the methods it does not take.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

export interface DocumentedResponses {
  method: string;
  path: string;
  answers: Answer[];
  errors?: ErrorStatus[];
}

const V = '/api/v1.0';

const ok = (json: WireSchema<unknown>, headers?: Answer['headers']): Answer => ({ status: 200, description: 'OK', json, headers });
const created = (json: WireSchema<unknown>, headers?: Answer['headers']): Answer => ({ status: 201, description: 'Created', json, headers });
const page = (item: WireSchema<unknown>, list: ListParameters = { query: ListQuery }): Answer => ({
  status: 200,
  description: 'One page of the list (see the `Link` header for the others).',
  json: s.array(item),
  headers: { 'X-Total-Count': true, Link: true },
  list,
});
const noContent = (headers?: Answer['headers']): Answer => ({ status: 204, description: 'No content', headers });

/** Which writes of the vendor path pattern can meet a state conflict (409). */
type Conflicts = Partial<Record<'create' | 'update' | 'delete', true>>;

/** The vendor path pattern: list, `create/`, `{id}/`, `{id}/update/` (PUT, PATCH) and `{id}/delete/` (204). */
function resource(
  base: string,
  schemas: { item: WireSchema<unknown>; listItem?: WireSchema<unknown> },
  list: ListParameters,
  conflicts: Conflicts = {},
): DocumentedResponses[] {
  const conflict = (write: keyof Conflicts): ErrorStatus[] => (conflicts[write] ? [409] : []);
  return [
    { method: 'GET', path: base, answers: [page(schemas.listItem ?? schemas.item, list)] },
    { method: 'POST', path: `${base}/create`, answers: [created(schemas.item)], errors: conflict('create') },
    { method: 'GET', path: `${base}/:id`, answers: [ok(schemas.item)] },
    { method: 'PUT', path: `${base}/:id/update`, answers: [ok(schemas.item)], errors: conflict('update') },
    { method: 'PATCH', path: `${base}/:id/update`, answers: [ok(schemas.item)], errors: conflict('update') },
    { method: 'DELETE', path: `${base}/:id/delete`, answers: [noContent()], errors: conflict('delete') },
  ];
}

const HEALTH_SCHEMA = s.named('Health', s.object<{ status: string }>({ status: s.choice(['ok']) }));
const READINESS_SCHEMA = s.named('Readiness', s.object<{ status: string }>({ status: s.choice(['ready', 'unavailable']) }));

const CONTACT_GROUPS = `${V}/organisation/:uid/contact-groups`;
const CONTACTS = `${CONTACT_GROUPS}/:group/contacts`;
const EXPENSES = `${V}/organisation/:uid/expenses`;

/**
 * What every operation answers: its success statuses with their bodies and
 * headers, and the errors its shape does not imply. A test checks that every
 * route the router serves is listed here, and that every entry names a route.
 */
export const RESPONSES: DocumentedResponses[] = [
  { method: 'GET', path: '/healthz', answers: [ok(HEALTH_SCHEMA)] },
  {
    method: 'GET',
    path: '/readyz',
    answers: [ok(READINESS_SCHEMA), { status: 503, description: 'The database does not answer.', json: READINESS_SCHEMA }],
  },
  { method: 'GET', path: '/api/schema', answers: [{ ...ok(s.anyObject()), description: 'This document.' }] },
  { method: 'GET', path: '/api/docs', answers: [{ status: 200, description: 'The documentation page.', media: { types: ['text/html'], description: 'HTML' } }] },
  {
    method: 'GET',
    path: '/api/docs/assets/:file',
    answers: [
      { status: 200, description: 'A file of the documentation page.', media: { types: DOCS_ASSET_TYPES, description: 'Stylesheet, script or icon' } },
      { status: 304, description: 'Not modified (the `ETag` still matches).' },
    ],
  },

  { method: 'POST', path: `${V}/auth/signup`, answers: [created(SIGN_UP_SCHEMA, { 'Set-Cookie': true })] },
  { method: 'POST', path: `${V}/auth/login`, answers: [ok(PROFILE_SCHEMA, { 'Set-Cookie': true })], errors: [401, 429] },
  { method: 'POST', path: `${V}/auth/logout`, answers: [noContent({ 'Set-Cookie': true })] },
  { method: 'POST', path: `${V}/auth/password`, answers: [noContent()] },

  { method: 'GET', path: `${V}/me`, answers: [ok(PROFILE_SCHEMA)] },
  { method: 'PUT', path: `${V}/me`, answers: [ok(PROFILE_SCHEMA)] },
  { method: 'PATCH', path: `${V}/me`, answers: [ok(PROFILE_SCHEMA)] },

  { method: 'GET', path: `${V}/organisations`, answers: [page(OWNER_ORGANISATION_SCHEMA)] },
  { method: 'POST', path: `${V}/organisations/create`, answers: [created(OWNER_ORGANISATION_SCHEMA)] },
  { method: 'GET', path: `${V}/organisation/:uid`, answers: [ok(BASIC_ORGANISATION_SCHEMA)] },
  { method: 'PUT', path: `${V}/organisation/:uid/update`, answers: [ok(OWNER_ORGANISATION_SCHEMA)] },
  { method: 'PATCH', path: `${V}/organisation/:uid/update`, answers: [ok(OWNER_ORGANISATION_SCHEMA)] },

  { method: 'GET', path: `${V}/organisation/:uid/members`, answers: [page(MEMBER_SCHEMA)] },
  // The owner cannot remove themself: a 400.
  { method: 'DELETE', path: `${V}/organisation/:uid/members/:personUid`, answers: [noContent()], errors: [400] },
  // The invitation is kept when its e-mail fails (`sent_at` null); a failed resend changes nothing (503).
  { method: 'POST', path: `${V}/organisation/:uid/invitations`, answers: [created(INVITATION_SCHEMA)] },
  { method: 'GET', path: `${V}/organisation/:uid/invitations`, answers: [page(INVITATION_SCHEMA)], errors: [403] },
  { method: 'POST', path: `${V}/organisation/:uid/invitations/:invitationUid/resend`, answers: [ok(INVITATION_SCHEMA)], errors: [400, 503] },
  // Cookies only when the invitation creates the account.
  { method: 'POST', path: `${V}/invitations/:token/accept`, answers: [ok(PROFILE_SCHEMA, { 'Set-Cookie': false })] },

  ...resource(`${V}/organisation/:uid/accounts`, { item: ACCOUNT_SCHEMA }, { query: AccountListParams, orderings: ACCOUNT_ORDERING }, { delete: true }),
  ...resource(
    EXPENSES,
    { item: EXPENSE_SCHEMA, listItem: EXPENSE_LIST_ITEM_SCHEMA },
    { query: ExpenseListParams, orderings: EXPENSE_ORDERING },
    { create: true, update: true, delete: true },
  ),
  // GET changes state here: the action is a query parameter (400), owners only for some (403), and CSRF applies.
  { method: 'GET', path: `${EXPENSES}/:id/action`, answers: [ok(EXPENSE_SCHEMA)], errors: [400, 403, 409] },
  { method: 'POST', path: `${EXPENSES}/:id/action`, answers: [ok(EXPENSE_SCHEMA)], errors: [409] },
  {
    method: 'GET',
    path: `${EXPENSES}/:id/receipt`,
    answers: [
      {
        status: 200,
        description: 'The receipt file.',
        media: { types: RECEIPT_CONTENT_TYPES.values, description: 'The file as uploaded' },
        headers: { 'Content-Disposition': true },
      },
    ],
  },
  ...resource(`${V}/organisation/:org/sales-stages`, { item: SALES_STAGE_SCHEMA }, { query: ListQuery, orderings: SALES_STAGE_ORDERINGS }, { delete: true }),
  ...resource(`${V}/organisation/:org/clients`, { item: CLIENT_SCHEMA }, { query: ClientListParameters, orderings: CLIENT_ORDERINGS }, { delete: true }),
  ...resource(`${V}/organisation/:org/leads`, { item: LEAD_SCHEMA }, { query: LeadListParameters, orderings: LEAD_ORDERINGS }, { create: true, update: true }),
  ...resource(`${V}/organisation/:org/vendors`, { item: VENDOR_SCHEMA }, { query: VendorListParameters, orderings: VENDOR_ORDERINGS }, { delete: true }),

  { method: 'GET', path: CONTACT_GROUPS, answers: [page(CONTACT_GROUP_SCHEMA, { query: ListQuery, orderings: CONTACT_GROUP_ORDERINGS })] },
  { method: 'POST', path: `${CONTACT_GROUPS}/create`, answers: [created(CONTACT_GROUP_SCHEMA)] },
  { method: 'GET', path: `${CONTACT_GROUPS}/:group`, answers: [ok(CONTACT_GROUP_SCHEMA)] },
  { method: 'PUT', path: `${CONTACT_GROUPS}/:group`, answers: [ok(CONTACT_GROUP_SCHEMA)] },
  { method: 'PATCH', path: `${CONTACT_GROUPS}/:group`, answers: [ok(CONTACT_GROUP_SCHEMA)] },
  // A group that still holds contacts: 409 in_use.
  { method: 'DELETE', path: `${CONTACT_GROUPS}/:group`, answers: [noContent()], errors: [409] },

  // A second primary contact written at the same moment: 409 conflict.
  { method: 'GET', path: CONTACTS, answers: [page(CONTACT_SCHEMA, { query: ListQuery, orderings: CONTACT_ORDERINGS })] },
  { method: 'POST', path: `${CONTACTS}/create`, answers: [created(CONTACT_SCHEMA)], errors: [409] },
  { method: 'GET', path: `${CONTACTS}/:contact`, answers: [ok(CONTACT_SCHEMA)] },
  { method: 'PUT', path: `${CONTACTS}/:contact`, answers: [ok(CONTACT_SCHEMA)], errors: [409] },
  { method: 'PATCH', path: `${CONTACTS}/:contact`, answers: [ok(CONTACT_SCHEMA)], errors: [409] },
  { method: 'DELETE', path: `${CONTACTS}/:contact`, answers: [{ ...ok(CONTACT_SCHEMA), description: 'The deleted contact.' }] },
];
