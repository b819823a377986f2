import { AccountInput } from '../account/account.dto';
import { ChangePasswordInput, LogInInput, SignUpInput } from '../auth/auth.dto';
import { ClientInput } from '../client/client.dto';
import { ContactGroupInput, ContactInput } from '../contact/contact.dto';
import { ExpenseActionInput, ExpenseInput } from '../expense/expense.dto';
import { LeadInput, NewLeadInput } from '../lead/lead.dto';
import { InvitationInput, NewAccountInput } from '../organisation/members.dto';
import { OrganisationInput } from '../organisation/organisation.dto';
import { ProfileInput } from '../person/profile.dto';
import { SalesStageInput } from '../sales-stage/sales-stage.dto';
import { VendorInput } from '../vendor/vendor.dto';
import { InputClass } from '../validation/input';
import { DocumentedBody } from './openapi-document';

const V = '/api/v1.0';

/** Create (POST), replace (PUT) and update (PATCH) with one DTO, as most resources take. */
function writes(base: string, item: string, input: InputClass<object>, extra: Partial<DocumentedBody> = {}): DocumentedBody[] {
  return [
    { method: 'POST', path: `${base}/create`, input, ...extra },
    { method: 'PUT', path: item, input, ...extra },
    { method: 'PATCH', path: item, input, ...extra },
  ];
}

/**
 * The body DTO of every operation that takes one. A test checks that every
 * POST, PUT and PATCH route the router serves is listed here (or takes no body).
 */
export const REQUEST_BODIES: DocumentedBody[] = [
  { method: 'POST', path: `${V}/auth/signup`, input: SignUpInput, form: true },
  { method: 'POST', path: `${V}/auth/login`, input: LogInInput, form: true },
  { method: 'POST', path: `${V}/auth/password`, input: ChangePasswordInput, form: true },
  { method: 'PUT', path: `${V}/me`, input: ProfileInput, form: true },
  { method: 'PATCH', path: `${V}/me`, input: ProfileInput, form: true },
  { method: 'POST', path: `${V}/organisations/create`, input: OrganisationInput, multipart: true },
  { method: 'PUT', path: `${V}/organisation/:uid/update`, input: OrganisationInput, multipart: true },
  { method: 'PATCH', path: `${V}/organisation/:uid/update`, input: OrganisationInput, multipart: true },
  { method: 'POST', path: `${V}/organisation/:uid/invitations`, input: InvitationInput, multipart: true },
  { method: 'POST', path: `${V}/invitations/:token/accept`, input: NewAccountInput, form: true },
  ...writes(`${V}/organisation/:uid/accounts`, `${V}/organisation/:uid/accounts/:id/update`, AccountInput),
  ...writes(`${V}/organisation/:uid/expenses`, `${V}/organisation/:uid/expenses/:id/update`, ExpenseInput, { multipart: true }),
  { method: 'POST', path: `${V}/organisation/:uid/expenses/:id/action`, input: ExpenseActionInput, form: true, query: true },
  ...writes(`${V}/organisation/:org/sales-stages`, `${V}/organisation/:org/sales-stages/:id/update`, SalesStageInput),
  ...writes(`${V}/organisation/:org/clients`, `${V}/organisation/:org/clients/:id/update`, ClientInput),
  { method: 'POST', path: `${V}/organisation/:org/leads/create`, input: NewLeadInput },
  { method: 'PUT', path: `${V}/organisation/:org/leads/:id/update`, input: LeadInput },
  { method: 'PATCH', path: `${V}/organisation/:org/leads/:id/update`, input: LeadInput },
  ...writes(`${V}/organisation/:org/vendors`, `${V}/organisation/:org/vendors/:id/update`, VendorInput),
  ...writes(`${V}/organisation/:uid/contact-groups`, `${V}/organisation/:uid/contact-groups/:group`, ContactGroupInput),
  ...writes(
    `${V}/organisation/:uid/contact-groups/:group/contacts`,
    `${V}/organisation/:uid/contact-groups/:group/contacts/:contact`,
    ContactInput,
  ),
];

/** Operations that take no body at all. */
export const BODILESS_WRITES = [`POST ${V}/auth/logout`, `POST ${V}/organisation/:uid/invitations/:invitationUid/resend`];
