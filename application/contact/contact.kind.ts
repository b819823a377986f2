import { Contact, ContactChanges, ContactSnapshot } from '../../domain/contact/contact';
import { ContactGroup } from '../../domain/contact/contact-group';
import { primaryContactsToDemote } from '../../domain/contact/primary-contact';
import { RecordKind } from '../records/record-kind';
import { ContactGroupRepository, ContactRepository } from './contact.ports';

export type NewContact = ContactChanges & { firstName: string };

/**
 * Contacts (spec Part 2), reached through their group: any member keeps
 * them, the caller is the creator. A contact made primary takes its slot from
 * the others, demoted first in the same transaction (the storage refuses two
 * primaries in one slot even for a moment); every write holds the group's
 * lock, so two made primary at once end with one primary: the later one. A
 * view shows the names of the organisation and the group beside the contact.
 */
export function contactKind(contacts: ContactRepository, groups: ContactGroupRepository): RecordKind<Contact, ContactSnapshot, NewContact, ContactChanges> {
  return {
    names: { one: 'contact', many: 'contacts' },
    roles: { read: 'member', write: 'member' },
    events: true,
    parent: { records: groups, idOf: (contact) => contact.groupId },
    create: (command, { id, uniqueId, actor, now, parent }) =>
      Contact.create(Object.assign({}, command, { id, uniqueId, group: parent as ContactGroup, createdById: actor.personId, now })),
    update: (contact, changes, now) => contact.update(changes, now),
    annotate: async (records, { organisation, parent }) =>
      records.map((contact) => ({ organisationName: organisation.name, contactGroupName: (parent as ContactGroup).name, fullName: contact.fullName })),
    beforeSave: async (contact, now) => {
      const siblings = contact.isPrimary ? await contacts.primariesSharingSlotWith(contact) : [];
      for (const sibling of primaryContactsToDemote(contact, siblings)) {
        sibling.demoteFromPrimary(now);
        await contacts.save(sibling);
      }
    },
  };
}
