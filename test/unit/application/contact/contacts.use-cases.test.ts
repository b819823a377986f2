import { NewContact } from '../../../../application/contact/contact.kind';
import { RecordPlace } from '../../../../application/records/record-context';
import { RecordView } from '../../../../application/records/record-views';
import { Actor } from '../../../../application/shared/actor';
import { ListQuery } from '../../../../application/shared/page';
import { Contact, ContactSnapshot } from '../../../../domain/contact/contact';
import { NotFound } from '../../../../domain/shared/errors';
import { ContactWorld } from './contact-world';

type ContactListRequest = Omit<ListQuery<Record<string, unknown>, string>, 'filters'>;
/** A contact's place: its group's path and its unique_id. */
type ContactPath = { place: RecordPlace; uniqueId: string };

const FIRST_PAGE = { page: 1, pageSize: 100 };
const BY_FIRST_NAME = { field: 'first_name', descending: false } as const;
const list = (ordering: ContactListRequest['ordering'], page = FIRST_PAGE) => ({ filters: {}, ordering, page });
/** The names a contact's view shows beside it. */
const named = (view: RecordView<ContactSnapshot>) => ({
  fullName: view.derived.fullName,
  organisationName: view.derived.organisationName,
  groupName: view.derived.contactGroupName,
  createdByName: view.people.get(view.record.createdById)?.fullName ?? null,
});

describe('contact use cases', () => {
  let world: ContactWorld;
  let owner: Actor;
  let member: Actor;
  let stranger: Actor;
  let org: string;

  beforeEach(async () => {
    world = await ContactWorld.create();
    owner = await world.person('Olive', 'Owner');
    member = await world.person('Mia', 'Member');
    stranger = await world.person('Sam', 'Stranger');
    org = await world.organisation(owner, 'Acme');
    await world.organisation(stranger, 'Elsewhere');
    await world.join(member, org);
    for (const [uniqueId, name] of [['suppliers', 'Suppliers'], ['partners', 'Partners']]) {
      await world.records('contact group').create.execute(owner, org, { uniqueId, name });
    }
  });

  const contacts = () => world.records<Contact, ContactSnapshot>('contact');
  const group = (groupUniqueId = 'suppliers'): RecordPlace => ({ organisation: org, parent: groupUniqueId });
  const at = (uniqueId: string, groupUniqueId = 'suppliers'): ContactPath => ({ place: group(groupUniqueId), uniqueId });
  const create = (command: NewContact, groupUniqueId = 'suppliers', actor = member) => contacts().create.execute(actor, group(groupUniqueId), command);
  const getContact = (actor: Actor, path: ContactPath) => contacts().get.execute(actor, path.place, path.uniqueId);
  const updateContact = (actor: Actor, path: ContactPath, changes: object) => contacts().update.execute(actor, path.place, path.uniqueId, changes);
  const deleteContact = (actor: Actor, path: ContactPath) => contacts().delete.execute(actor, path.place, path.uniqueId);
  const listContacts = (actor: Actor, place: RecordPlace, query: ReturnType<typeof list>) => contacts().list.execute(actor, place, query);
  const isPrimary = async (path: ContactPath) => (await getContact(member, path)).record.primaryContact;

  describe('CreateContact', () => {
    it('files the contact in its group, with the creator, group and organisation names beside it', async () => {
      const view = await create({ firstName: 'Ada', lastName: 'Lovelace', entityType: 'vendor' });

      expect(named(view)).toEqual({ fullName: 'Ada Lovelace', organisationName: 'Acme', groupName: 'Suppliers', createdByName: 'Mia Member' });
      expect(view.record).toMatchObject({ firstName: 'Ada', entityType: 'vendor', isActive: true, primaryContact: false, createdById: member.personId });
      expect(view.record.uniqueId).toMatch(/^id-\d{4}$/);
    });

    it('refuses a unique_id used by another contact of the organisation, in any of its groups', async () => {
      await create({ firstName: 'Ada', uniqueId: 'ada' });

      await expect(create({ firstName: 'Another Ada', uniqueId: 'ada' }, 'partners')).rejects.toMatchObject({
        errors: { unique_id: ['contact with this unique id already exists.'] },
      });
    });

    it('is a 404 for an unknown group and for someone outside the organisation', async () => {
      await expect(create({ firstName: 'Lost' }, 'nope')).rejects.toBeInstanceOf(NotFound);
      await expect(create({ firstName: 'Intruder' }, 'suppliers', stranger)).rejects.toBeInstanceOf(NotFound);
      expect((await listContacts(member, group(), list(BY_FIRST_NAME))).total).toBe(0);
    });

    it('demotes the primary contact of the same entity in the group, and no other', async () => {
      const slot = { entityType: 'client', entityId: 'client-1', primaryContact: true } as const;
      await create({ firstName: 'First', uniqueId: 'first', ...slot });
      await create({ firstName: 'Other entity', uniqueId: 'other', ...slot, entityId: 'client-2' });
      await create({ firstName: 'Other group', uniqueId: 'far', ...slot }, 'partners');

      await create({ firstName: 'Second', uniqueId: 'second', ...slot });

      expect(await isPrimary(at('first'))).toBe(false);
      expect(await isPrimary(at('second'))).toBe(true);
      expect(await isPrimary(at('other'))).toBe(true);
      expect(await isPrimary(at('far', 'partners'))).toBe(true);
    });

    it('leaves the primary contact alone when the new contact is not primary', async () => {
      await create({ firstName: 'Primary', uniqueId: 'primary', entityId: 'client-1', primaryContact: true });

      await create({ firstName: 'Plain', entityId: 'client-1' });

      expect(await isPrimary(at('primary'))).toBe(true);
    });
  });

  describe('GetContact', () => {
    it('reaches a contact through its own group only', async () => {
      await create({ firstName: 'Homebody', uniqueId: 'homebody' });

      await expect(getContact(member, at('homebody'))).resolves.toMatchObject({ derived: { fullName: 'Homebody' } });
      await expect(getContact(member, at('homebody', 'partners'))).rejects.toBeInstanceOf(NotFound);
      await expect(getContact(stranger, at('homebody'))).rejects.toBeInstanceOf(NotFound);
    });
  });

  describe('UpdateContact', () => {
    it('changes what is supplied and keeps the rest', async () => {
      await create({ firstName: 'Ada', uniqueId: 'ada', lastName: 'Lovelace', email: 'ada@example.com' });

      const view = await updateContact(owner, at('ada'), { lastName: 'King', phone: '123' });

      expect(named(view)).toMatchObject({ fullName: 'Ada King', createdByName: 'Mia Member' });
      expect(view.record).toMatchObject({ email: 'ada@example.com', phone: '123' });
    });

    it('making a contact primary demotes the former primary of its entity', async () => {
      await create({ firstName: 'Former', uniqueId: 'former', entityId: 'client-1', primaryContact: true });
      await create({ firstName: 'Next', uniqueId: 'next', entityId: 'client-1' });

      await updateContact(member, at('next'), { primaryContact: true });

      expect(await isPrimary(at('former'))).toBe(false);
      expect(await isPrimary(at('next'))).toBe(true);
    });

    it('is a 404 through another group, and changes nothing', async () => {
      await create({ firstName: 'Homebody', uniqueId: 'homebody' });

      await expect(updateContact(member, at('homebody', 'partners'), { firstName: 'Moved' })).rejects.toBeInstanceOf(NotFound);
      expect((await getContact(member, at('homebody'))).record.firstName).toBe('Homebody');
    });

    it('refuses an invalid change through the entity, and changes nothing', async () => {
      await create({ firstName: 'Ada', uniqueId: 'ada' });

      await expect(updateContact(member, at('ada'), { firstName: '' })).rejects.toMatchObject({
        errors: { first_name: ['This field may not be blank.'] },
      });
      expect((await getContact(member, at('ada'))).record.firstName).toBe('Ada');
    });
  });

  describe('DeleteContact', () => {
    it('answers the contact as it was, and it is gone', async () => {
      await create({ firstName: 'Gone', uniqueId: 'gone' });

      const view = await deleteContact(member, at('gone'));

      expect(named(view)).toMatchObject({ fullName: 'Gone', groupName: 'Suppliers' });
      await expect(getContact(member, at('gone'))).rejects.toBeInstanceOf(NotFound);
    });

    it('is a 404 through another group or from outside the organisation, and deletes nothing', async () => {
      await create({ firstName: 'Kept', uniqueId: 'kept' });

      await expect(deleteContact(member, at('kept', 'partners'))).rejects.toBeInstanceOf(NotFound);
      await expect(deleteContact(stranger, at('kept'))).rejects.toBeInstanceOf(NotFound);
      await expect(getContact(member, at('kept'))).resolves.toBeDefined();
    });
  });

  describe('ListContacts', () => {
    it("pages the group's contacts only, in the requested order", async () => {
      for (const firstName of ['carol', 'Alice', 'bob']) await create({ firstName });
      await create({ firstName: 'Elsewhere' }, 'partners');

      const byName = await listContacts(member, group(), list(BY_FIRST_NAME, { page: 1, pageSize: 2 }));
      const newestFirst = await listContacts(member, group(), list({ field: 'date_created', descending: true }));

      expect(byName.total).toBe(3);
      expect(byName.items.map((view) => view.derived.fullName)).toEqual(['Alice', 'bob']);
      expect(newestFirst.items.map((view) => view.derived.fullName)).toEqual(['bob', 'Alice', 'carol']);
    });

    it('is a 404 to someone outside the organisation', async () => {
      await expect(listContacts(stranger, group(), list(BY_FIRST_NAME))).rejects.toBeInstanceOf(NotFound);
    });
  });
});
