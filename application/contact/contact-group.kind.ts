import { ContactGroup, ContactGroupChanges, ContactGroupSnapshot } from '../../domain/contact/contact-group';
import { RecordKind } from '../records/record-kind';

export type NewContactGroup = ContactGroupChanges & { name: string };

/** How many contacts each of the organisation's groups holds (the contacts' storage answers it). */
export interface ContactGroupContents {
  /** A group without any is absent or 0. */
  countByGroup(organisationId: string, groupIds: string[]): Promise<Map<string, number>>;
}

/**
 * Contact groups (contract section 6): any member keeps them. A group's view
 * shows its organisation's name and how many contacts it holds; one that still
 * holds contacts is not deleted (409 `in_use`), as the group decides.
 */
export function contactGroupKind(contents: ContactGroupContents): RecordKind<ContactGroup, ContactGroupSnapshot, NewContactGroup, ContactGroupChanges> {
  return {
    names: { one: 'contact group', many: 'contact groups' },
    roles: { read: 'member', write: 'member' },
    events: false,
    create: (command, { id, uniqueId, organisation, now }) =>
      ContactGroup.create(Object.assign({}, command, { id, uniqueId, organisationId: organisation.id, now })),
    update: (group, changes, now) => group.update(changes, now),
    annotate: async (groups, { organisation }) => {
      const counts = await contents.countByGroup(organisation.id, groups.map((group) => group.id));
      return groups.map((group) => ({ organisationName: organisation.name, contactsCount: counts.get(group.id) ?? 0 }));
    },
    beforeDelete: async (organisationId, group) => {
      const counts = await contents.countByGroup(organisationId, [group.id]);
      group.assertDeletable(counts.get(group.id) ?? 0);
    },
  };
}
