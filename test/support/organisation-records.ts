import { ApiClient } from './api-client';
import { createExpense } from './expenses';

/** The collections of an organisation whose records are created at `<collection>/create/`. */
export type Collection = 'accounts' | 'sales-stages' | 'clients' | 'leads' | 'vendors' | 'contact-groups' | 'projects';

let counter = 0;

/** A valid new record of each collection; names and codes never repeat. */
export function aRecord(collection: Collection): Record<string, unknown> {
  counter += 1;
  switch (collection) {
    case 'accounts':
      return { account_code: `T-${counter}`, name: `Account ${counter}`, account_type: 'expense' };
    case 'leads':
      return { title: `Lead ${counter}`, lead_source: 'referral', sales_stage: 'stage-new' };
    default:
      return { name: `Record ${counter}` };
  }
}

export const organisationPath = (organisationUniqueId: string) => `/api/v1.0/organisation/${organisationUniqueId}`;

async function created(api: ApiClient, path: string, body: Record<string, unknown>): Promise<string> {
  const response = await api.post(path, body);
  if (response.status !== 201) throw new Error(`not created at ${path}: ${response.status} ${response.text}`);
  return response.body.unique_id as string;
}

/** Creates a record and fails the test unless it is created; answers its unique_id. */
export function createRecord(api: ApiClient, organisationUniqueId: string, collection: Collection, overrides: Record<string, unknown> = {}) {
  return created(api, `${organisationPath(organisationUniqueId)}/${collection}/create/`, { ...aRecord(collection), ...overrides });
}

/** Creates a contact in a group and fails the test unless it is created; answers its unique_id. */
export function createContact(api: ApiClient, organisationUniqueId: string, groupUniqueId: string, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const path = `${organisationPath(organisationUniqueId)}/contact-groups/${groupUniqueId}/contacts/create/`;
  return created(api, path, { first_name: `Contact ${counter}`, ...overrides });
}

export interface OrganisationRecords {
  account: string;
  expense: string;
  salesStage: string;
  client: string;
  lead: string;
  vendor: string;
  contactGroup: string;
  contact: string;
}

/** One record of every kind in the organisation, created by `api`'s user. */
export async function oneOfEach(api: ApiClient, organisationUniqueId: string): Promise<OrganisationRecords> {
  const contactGroup = await createRecord(api, organisationUniqueId, 'contact-groups');
  return {
    account: await createRecord(api, organisationUniqueId, 'accounts'),
    expense: (await createExpense(api, organisationUniqueId)).unique_id,
    salesStage: await createRecord(api, organisationUniqueId, 'sales-stages'),
    client: await createRecord(api, organisationUniqueId, 'clients'),
    lead: await createRecord(api, organisationUniqueId, 'leads'),
    vendor: await createRecord(api, organisationUniqueId, 'vendors'),
    contactGroup,
    contact: await createContact(api, organisationUniqueId, contactGroup),
  };
}

/** The detail path of each record of `oneOfEach`. */
export function detailPaths(organisationUniqueId: string, records: OrganisationRecords): Record<keyof OrganisationRecords, string> {
  const base = organisationPath(organisationUniqueId);
  return {
    account: `${base}/accounts/${records.account}/`,
    expense: `${base}/expenses/${records.expense}/`,
    salesStage: `${base}/sales-stages/${records.salesStage}/`,
    client: `${base}/clients/${records.client}/`,
    lead: `${base}/leads/${records.lead}/`,
    vendor: `${base}/vendors/${records.vendor}/`,
    contactGroup: `${base}/contact-groups/${records.contactGroup}/`,
    contact: `${base}/contact-groups/${records.contactGroup}/contacts/${records.contact}/`,
  };
}
