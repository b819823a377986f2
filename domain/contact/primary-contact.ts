import { Contact } from './contact';

/**
 * The primary-contact rule: at most one primary contact per group and
 * (entity_type, entity_id); setting one unsets the others. Contacts without an
 * entity id are not exempt: per entity type they share one slot of their own.
 *
 * Returns the contacts among `siblings` that must be demoted because
 * `candidate` (already created or updated) is primary. `siblings` may be any
 * superset (all the primaries of the group, the whole group); the candidate
 * itself, other groups and other slots are left out. The caller calls
 * `demoteFromPrimary(now)` on each and saves them with the candidate in one
 * transaction.
 */
export function primaryContactsToDemote(candidate: Contact, siblings: readonly Contact[]): Contact[] {
  if (!candidate.isPrimary) return [];
  return siblings.filter((sibling) => sibling.isPrimary && candidate.sharesPrimarySlotWith(sibling));
}
