import { CLIENT_DECLARATION } from './client/client.declaration';
import { LEAD_DECLARATION } from './lead/lead.declaration';
import { ResourceDeclaration } from './resource-declaration';
import { VENDOR_DECLARATION } from './supplier/vendor.declaration';

/**
 * Every declared resource: the storage makes their tables from this list,
 * the webhooks present their events by it, and history masks their secrets.
 */
export const DECLARED_RESOURCES: readonly ResourceDeclaration[] = [VENDOR_DECLARATION, CLIENT_DECLARATION, LEAD_DECLARATION];

/** The declaration of model `model` (`vendor`). */
export function declarationOf(model: string): ResourceDeclaration {
  const declaration = DECLARED_RESOURCES.find((candidate) => candidate.names.one === model);
  if (!declaration) throw new Error(`No resource is declared as ${model}`);
  return declaration;
}
