/**
 * Which fields hold secrets, by their wire name (`account_number`, not
 * `accountNumber`), at any depth of a record. The one rule that history and
 * any other masking read (contract section 8: bank account numbers and
 * employees' medical fields). The resources' field declarations are to
 * feed this list; until then it is written here.
 *
 * Secret values are sealed wherever they are written: in their own tables by
 * the storage adapters, in stored idempotent answers and outbox payloads
 * whole (docs/decisions/security.md), and shown as `MASK` where a record is
 * shown to whoever reads history.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  // Bank details that identify an account (the bank's name and the account's type do not).
  'account_number',
  'branch_code',
  'routing_number',
  'swift_code',
  'iban',
  'bic',
  'sort_code',
  // An employee's medical and emergency details.
  'medical_aid_number',
  'medical_aid_provider',
  'medical_aid_plan',
  'medical_conditions',
  'allergies',
  'medications',
  'emergency_contact',
  'emergency_phone',
  // Credentials answered once: a webhook endpoint's signing secret, an invitation's token and its link; an API key's hash.
  'secret',
  'token',
  'token_hash',
  'accept_url',
  'secret_hash',
]);

/** What a secret value is shown as. */
export const MASK = '***';

/** Whether the field of this wire name holds a secret. */
export function isSecretField(wireName: string): boolean {
  return SECRET_FIELDS.has(wireName);
}
