import { ReferencedRecords } from '../records/record-kind';
import { PersonRepository } from './person.ports';

/**
 * The organisation's members as the records a reference field names (a lead's
 * or a vendor's `assigned_to_id`): a body names one by unique_id; anybody who
 * is not a member of the organisation is unknown there (400 on the field).
 */
export function membersAsReferences(people: PersonRepository): ReferencedRecords {
  return {
    findByUniqueId: (organisationId, uniqueId) => people.findMemberByUniqueId(organisationId, uniqueId),
    findByIds: (_organisationId, ids) => people.findByIds(ids),
  };
}
