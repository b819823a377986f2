import { API_KEY_DECLARATION } from './api-key/api-key.declaration';
import { DeclaredField } from './declared-field';
import { ORGANISATION_DECLARATION } from './organisation/organisation.declaration';
import { PERSON_DECLARATION } from './person/person.declaration';
import { ACCOUNT_DECLARATION } from './account/account.declaration';
import { CLIENT_DECLARATION } from './client/client.declaration';
import { CONTACT_GROUP_DECLARATION } from './contact/contact-group.declaration';
import { CONTACT_DECLARATION } from './contact/contact.declaration';
import { EXPENSE_DECLARATION } from './expense/expense.declaration';
import { LEAD_DECLARATION } from './lead/lead.declaration';
import { PROJECT_DECLARATION } from './project/project.declaration';
import { ResourceDeclaration } from './resource-declaration';
import { SALES_STAGE_DECLARATION } from './sales-stage/sales-stage.declaration';
import { VENDOR_DECLARATION } from './supplier/vendor.declaration';
import { WireDeclaration } from './wire-declaration';
import { WEBHOOK_ENDPOINT_DECLARATION } from './webhook/webhook-endpoint.declaration';

/**
 * Every declared resource: the storage makes their tables from this list,
 * the webhooks present their events by it, and history masks their secrets.
 */
export const DECLARED_RESOURCES: readonly ResourceDeclaration[] = [
  EXPENSE_DECLARATION,
  VENDOR_DECLARATION,
  ACCOUNT_DECLARATION,
  SALES_STAGE_DECLARATION,
  CLIENT_DECLARATION,
  LEAD_DECLARATION,
  CONTACT_GROUP_DECLARATION,
  CONTACT_DECLARATION,
  WEBHOOK_ENDPOINT_DECLARATION,
  PROJECT_DECLARATION,
  API_KEY_DECLARATION,
];

/** The records declared as shapes alone (no organisation's records): their secrets are masked alike. */
const DECLARED_SHAPES: readonly WireDeclaration[] = [ORGANISATION_DECLARATION, PERSON_DECLARATION];

/** The declaration of model `model` (`vendor`). */
export function declarationOf(model: string): ResourceDeclaration {
  const declaration = DECLARED_RESOURCES.find((candidate) => candidate.names.one === model);
  if (!declaration) throw new Error(`No resource is declared as ${model}`);
  return declaration;
}

/** The wire names of every declared secret field, nested ones included: history masks them. */
export function declaredSecretFields(): ReadonlySet<string> {
  const secrets = new Set<string>();
  const collect = (fields: readonly DeclaredField[]) => {
    for (const field of fields) {
      if (field.type.type === 'nested') collect(field.type.shape.fields);
      else if (field.secret) secrets.add(field.wire);
    }
  };
  for (const declaration of [...DECLARED_RESOURCES, ...DECLARED_SHAPES]) collect(declaration.fields);
  return secrets;
}
