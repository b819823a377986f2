import { RecordFilters } from '../../../../application/records/record.ports';
import { Actor } from '../../../../application/shared/actor';
import { ListQuery } from '../../../../application/shared/page';
import { ContactGroup, ContactGroupSnapshot } from '../../../../domain/contact/contact-group';
import { InUse, NotFound } from '../../../../domain/shared/errors';
import { ContactWorld, START } from './contact-world';

const BY_NAME = { field: 'name', descending: false } as const;
const FIRST_PAGE = { page: 1, pageSize: 100 };
type ContactGroupListQuery = ListQuery<RecordFilters, string>;
const list = (ordering: ContactGroupListQuery['ordering'], page = FIRST_PAGE): ContactGroupListQuery => ({ filters: {}, ordering, page });

describe('contact group use cases', () => {
  let world: ContactWorld;
  let owner: Actor;
  let member: Actor;
  let stranger: Actor;
  let org: string;
  let otherOrg: string;

  beforeEach(async () => {
    world = await ContactWorld.create();
    owner = await world.person('Olive', 'Owner');
    member = await world.person('Mia', 'Member');
    stranger = await world.person('Sam', 'Stranger');
    org = await world.organisation(owner, 'Acme');
    otherOrg = await world.organisation(stranger, 'Elsewhere');
    await world.join(member, org);
  });

  const groups = () => world.records<ContactGroup, ContactGroupSnapshot>('contact group');
  const createGroup = (actor: Actor, name: string, extra: { uniqueId?: string; description?: string } = {}, uid = org) =>
    groups().create.execute(actor, uid, { name, ...extra });
  const addContact = (actor: Actor, groupUniqueId: string, firstName: string) =>
    world.records('contact').create.execute(actor, { organisation: org, parent: groupUniqueId }, { firstName });
  const getGroup = (actor: Actor, groupUniqueId: string) => groups().get.execute(actor, org, groupUniqueId);

  describe('CreateContactGroup', () => {
    it("lets a member create a group: its organisation's name, no contacts, a generated unique_id, the clock's time", async () => {
      const view = await createGroup(member, 'Suppliers', { description: 'People we buy from' });

      expect(view).toMatchObject({
        record: expect.objectContaining({ name: 'Suppliers', description: 'People we buy from', translations: null }),
        derived: { organisationName: 'Acme', contactsCount: 0 },
      });
      expect(view.record.uniqueId).toMatch(/^id-\d{4}$/);
      expect(view.record).toMatchObject({ dateCreated: START, lastUpdated: START });
    });

    it('refuses a unique_id the organisation already uses, and accepts it in another organisation', async () => {
      await createGroup(member, 'Suppliers', { uniqueId: 'suppliers' });

      await expect(createGroup(owner, 'Vendors', { uniqueId: 'suppliers' })).rejects.toMatchObject({
        errors: { unique_id: ['contact group with this unique id already exists.'] },
      });
      await expect(createGroup(stranger, 'Suppliers', { uniqueId: 'suppliers' }, otherOrg)).resolves.toBeDefined();
    });

    it('is a 404 to someone outside the organisation, and creates nothing', async () => {
      await expect(createGroup(stranger, 'Intruders')).rejects.toBeInstanceOf(NotFound);

      const { total } = await groups().list.execute(owner, org, list(BY_NAME));
      expect(total).toBe(0);
    });

    it('refuses an invalid name through the entity', async () => {
      await expect(createGroup(member, '  ')).rejects.toMatchObject({
        errors: { name: ['This field may not be blank.'] },
      });
    });
  });

  describe('ListContactGroups', () => {
    it("pages the organisation's groups in the requested order, each with its contacts count", async () => {
      const beta = await createGroup(member, 'beta');
      await createGroup(member, 'Alpha');
      await createGroup(member, 'Gamma');
      await createGroup(stranger, 'Other organisation', {}, otherOrg);
      for (const firstName of ['Ada', 'Alan']) {
        await addContact(member, beta.record.uniqueId, firstName);
      }

      const firstPage = await groups().list.execute(member, org, list(BY_NAME, { page: 1, pageSize: 2 }));
      const newestFirst = await groups().list.execute(member, org, list({ field: 'date_created', descending: true }));

      expect(firstPage.total).toBe(3);
      expect(firstPage.items.map((view) => [view.record.name, view.derived.contactsCount])).toEqual([['Alpha', 0], ['beta', 2]]);
      expect(newestFirst.items.map((view) => view.record.name)).toEqual(['Gamma', 'Alpha', 'beta']);
    });

    it('is a 404 to someone outside the organisation', async () => {
      await expect(groups().list.execute(stranger, org, list(BY_NAME))).rejects.toBeInstanceOf(NotFound);
    });
  });

  describe('GetContactGroup', () => {
    it('finds a group of the organisation, not one of another organisation', async () => {
      const theirs = await createGroup(stranger, 'Theirs', { uniqueId: 'theirs' }, otherOrg);
      await createGroup(member, 'Ours', { uniqueId: 'ours' });

      await expect(getGroup(member, 'ours')).resolves.toMatchObject({ record: { name: 'Ours' } });
      await expect(getGroup(member, theirs.record.uniqueId)).rejects.toBeInstanceOf(NotFound);
      await expect(getGroup(stranger, 'ours')).rejects.toBeInstanceOf(NotFound);
    });
  });

  describe('UpdateContactGroup', () => {
    it('changes what is supplied, keeps the rest and moves last_updated', async () => {
      const created = await createGroup(member, 'Clients', { uniqueId: 'clients', description: 'Who pays us' });

      const updated = await groups().update.execute(owner, org, 'clients', { name: 'Customers' });

      expect(updated.record).toMatchObject({ name: 'Customers', description: 'Who pays us', dateCreated: created.record.dateCreated });
      expect(updated.record.lastUpdated.getTime()).toBeGreaterThan(created.record.lastUpdated.getTime());
      await expect(getGroup(member, 'clients')).resolves.toMatchObject({ record: { name: 'Customers' } });
    });

    it('is a 404 to someone outside the organisation, and changes nothing', async () => {
      await createGroup(member, 'Clients', { uniqueId: 'clients' });

      await expect(groups().update.execute(stranger, org, 'clients', { name: 'Mine' })).rejects.toBeInstanceOf(NotFound);
      await expect(getGroup(member, 'clients')).resolves.toMatchObject({ record: { name: 'Clients' } });
    });
  });

  describe('DeleteContactGroup', () => {
    it('deletes an empty group', async () => {
      await createGroup(member, 'Temporary', { uniqueId: 'temporary' });

      await groups().delete.execute(member, org, 'temporary');

      await expect(getGroup(member, 'temporary')).rejects.toBeInstanceOf(NotFound);
    });

    it('refuses, in use, while the group holds contacts, and keeps it', async () => {
      await createGroup(member, 'Busy', { uniqueId: 'busy' });
      await addContact(member, 'busy', 'Ada');

      await expect(groups().delete.execute(member, org, 'busy')).rejects.toBeInstanceOf(InUse);
      await expect(getGroup(member, 'busy')).resolves.toMatchObject({ derived: { contactsCount: 1 } });
    });

    it('is a 404 to someone outside the organisation', async () => {
      await createGroup(member, 'Kept', { uniqueId: 'kept' });

      await expect(groups().delete.execute(stranger, org, 'kept')).rejects.toBeInstanceOf(NotFound);
      await expect(getGroup(member, 'kept')).resolves.toBeDefined();
    });
  });
});
