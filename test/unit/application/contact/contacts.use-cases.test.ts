import { ContactPath } from '../../../../application/contact/contact-group-access';
import { CreateContact, NewContact } from '../../../../application/contact/create-contact.use-case';
import { DeleteContact } from '../../../../application/contact/delete-contact.use-case';
import { GetContact } from '../../../../application/contact/get-contact.use-case';
import { ContactListRequest, ListContacts } from '../../../../application/contact/list-contacts.use-case';
import { UpdateContact } from '../../../../application/contact/update-contact.use-case';
import { Actor } from '../../../../application/shared/actor';
import { NotFound } from '../../../../domain/shared/errors';
import { ContactWorld } from './contact-world';

const FIRST_PAGE = { page: 1, pageSize: 100 };
const BY_FIRST_NAME = { field: 'firstName', descending: false } as const;
const list = (ordering: ContactListRequest['ordering'], page = FIRST_PAGE): ContactListRequest => ({ ordering, page });

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

  const group = (groupUniqueId = 'suppliers') => ({ organisationUniqueId: org, groupUniqueId });
  const at = (contactUniqueId: string, groupUniqueId = 'suppliers'): ContactPath => ({ ...group(groupUniqueId), contactUniqueId });
  const create = (command: NewContact, groupUniqueId = 'suppliers', actor = member) =>
    world.get(CreateContact).execute(actor, group(groupUniqueId), command);
  const isPrimary = async (path: ContactPath) => (await world.get(GetContact).execute(member, path)).contact.primaryContact;

  describe('CreateContact', () => {
    it('files the contact in its group, with the creator, group and organisation names beside it', async () => {
      const view = await create({ firstName: 'Ada', lastName: 'Lovelace', entityType: 'vendor' });

      expect(view).toMatchObject({
        fullName: 'Ada Lovelace',
        organisationName: 'Acme',
        groupName: 'Suppliers',
        createdByName: 'Mia Member',
        contact: { firstName: 'Ada', entityType: 'vendor', isActive: true, primaryContact: false, createdById: member.personId },
      });
      expect(view.contact.uniqueId).toMatch(/^id-\d{4}$/);
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
      expect((await world.get(ListContacts).execute(member, group(), list(BY_FIRST_NAME))).total).toBe(0);
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

      await expect(world.get(GetContact).execute(member, at('homebody'))).resolves.toMatchObject({ fullName: 'Homebody' });
      await expect(world.get(GetContact).execute(member, at('homebody', 'partners'))).rejects.toBeInstanceOf(NotFound);
      await expect(world.get(GetContact).execute(stranger, at('homebody'))).rejects.toBeInstanceOf(NotFound);
    });
  });

  describe('UpdateContact', () => {
    it('changes what is supplied and keeps the rest', async () => {
      await create({ firstName: 'Ada', uniqueId: 'ada', lastName: 'Lovelace', email: 'ada@example.com' });

      const view = await world.get(UpdateContact).execute(owner, at('ada'), { lastName: 'King', phone: '123' });

      expect(view).toMatchObject({ fullName: 'Ada King', createdByName: 'Mia Member' });
      expect(view.contact).toMatchObject({ email: 'ada@example.com', phone: '123' });
    });

    it('making a contact primary demotes the former primary of its entity', async () => {
      await create({ firstName: 'Former', uniqueId: 'former', entityId: 'client-1', primaryContact: true });
      await create({ firstName: 'Next', uniqueId: 'next', entityId: 'client-1' });

      await world.get(UpdateContact).execute(member, at('next'), { primaryContact: true });

      expect(await isPrimary(at('former'))).toBe(false);
      expect(await isPrimary(at('next'))).toBe(true);
    });

    it('is a 404 through another group, and changes nothing', async () => {
      await create({ firstName: 'Homebody', uniqueId: 'homebody' });

      await expect(
        world.get(UpdateContact).execute(member, at('homebody', 'partners'), { firstName: 'Moved' }),
      ).rejects.toBeInstanceOf(NotFound);
      expect((await world.get(GetContact).execute(member, at('homebody'))).contact.firstName).toBe('Homebody');
    });

    it('refuses an invalid change through the entity, and changes nothing', async () => {
      await create({ firstName: 'Ada', uniqueId: 'ada' });

      await expect(world.get(UpdateContact).execute(member, at('ada'), { firstName: '' })).rejects.toMatchObject({
        errors: { first_name: ['This field may not be blank.'] },
      });
      expect((await world.get(GetContact).execute(member, at('ada'))).contact.firstName).toBe('Ada');
    });
  });

  describe('DeleteContact', () => {
    it('answers the contact as it was, and it is gone', async () => {
      await create({ firstName: 'Gone', uniqueId: 'gone' });

      const view = await world.get(DeleteContact).execute(member, at('gone'));

      expect(view).toMatchObject({ fullName: 'Gone', groupName: 'Suppliers' });
      await expect(world.get(GetContact).execute(member, at('gone'))).rejects.toBeInstanceOf(NotFound);
    });

    it('is a 404 through another group or from outside the organisation, and deletes nothing', async () => {
      await create({ firstName: 'Kept', uniqueId: 'kept' });

      await expect(world.get(DeleteContact).execute(member, at('kept', 'partners'))).rejects.toBeInstanceOf(NotFound);
      await expect(world.get(DeleteContact).execute(stranger, at('kept'))).rejects.toBeInstanceOf(NotFound);
      await expect(world.get(GetContact).execute(member, at('kept'))).resolves.toBeDefined();
    });
  });

  describe('ListContacts', () => {
    it("pages the group's contacts only, in the requested order", async () => {
      for (const firstName of ['carol', 'Alice', 'bob']) await create({ firstName });
      await create({ firstName: 'Elsewhere' }, 'partners');

      const byName = await world.get(ListContacts).execute(member, group(), list(BY_FIRST_NAME, { page: 1, pageSize: 2 }));
      const newestFirst = await world
        .get(ListContacts)
        .execute(member, group(), list({ field: 'dateCreated', descending: true }));

      expect(byName.total).toBe(3);
      expect(byName.items.map((view) => view.fullName)).toEqual(['Alice', 'bob']);
      expect(newestFirst.items.map((view) => view.fullName)).toEqual(['bob', 'Alice', 'carol']);
    });

    it('is a 404 to someone outside the organisation', async () => {
      await expect(world.get(ListContacts).execute(stranger, group(), list(BY_FIRST_NAME))).rejects.toBeInstanceOf(NotFound);
    });
  });
});
