import { randomBytes } from 'node:crypto';
import { CONTACT_GROUP_DECLARATION } from '../../../adapters/declaration/contact/contact-group.declaration';
import { InMemoryContactRepository } from '../../../adapters/persistence/in-memory/in-memory-contact.repository';
import { InMemoryDeclaredRecords } from '../../../adapters/persistence/in-memory/in-memory-declared-records';
import { InMemoryUnitOfWork } from '../../../adapters/persistence/in-memory/in-memory-unit-of-work';
import { TypeOrmContactRepository } from '../../../adapters/persistence/typeorm/contact/typeorm-contact.repository';
import { createDataSource, dialectOf } from '../../../adapters/persistence/typeorm/data-source';
import { TypeOrmDatabase } from '../../../adapters/persistence/typeorm/engine/database';
import { TypeOrmDeclaredRecords } from '../../../adapters/persistence/typeorm/declared/typeorm-declared.repository';
import { TypeOrmOrganisationRepository } from '../../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';
import { ContactGroupRepository, ContactRepository } from '../../../application/contact/contact.ports';
import { PARENT_FILTER, RecordFilters } from '../../../application/records/record.ports';
import { ListQuery } from '../../../application/shared/page';
import { UnitOfWork } from '../../../application/shared/ports';
import { Contact, CreateContact } from '../../../domain/contact/contact';
import { ContactGroup } from '../../../domain/contact/contact-group';
import { Organisation } from '../../../domain/organisation/organisation';
import { Person } from '../../../domain/person/person';
import { ConcurrentModification } from '../../../domain/shared/errors';
import { testDatabases } from '../../support/databases';

/** The contact repositories of one storage adapter, with what their rows refer to. */
interface ContactStorage {
  groups: ContactGroupRepository;
  contacts: ContactRepository;
  unitOfWork: UnitOfWork;
  /** Adds an organisation and a person that rows may refer to. */
  seed(organisationId: string, personId: string): Promise<void>;
  close(): Promise<void>;
}

const inMemory = {
  name: 'in-memory',
  open: async (): Promise<ContactStorage> => ({
    groups: new InMemoryDeclaredRecords<ContactGroup>(CONTACT_GROUP_DECLARATION),
    contacts: new InMemoryContactRepository(),
    unitOfWork: new InMemoryUnitOfWork(),
    seed: async () => undefined,
    close: async () => undefined,
  }),
};

const typeOrm = testDatabases().map((factory) => ({
  name: factory.name,
  open: async (): Promise<ContactStorage> => {
    const database = await factory.create();
    const dataSource = createDataSource({ url: database.url, dataDir: database.dataDir, schema: database.schema });
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    const db = new TypeOrmDatabase(dataSource, dialectOf(database.url));
    const box = new AesGcmSecretBox(randomBytes(32));
    return {
      groups: new TypeOrmDeclaredRecords<ContactGroup>(db, box, CONTACT_GROUP_DECLARATION),
      contacts: new TypeOrmContactRepository(db, box),
      unitOfWork: db,
      seed: async (organisationId, personId) => {
        const now = new Date();
        const email = `${personId}@example.com`;
        await new TypeOrmPersonRepository(db, box).save(
          Person.register({ id: personId, uniqueId: personId, email, firstName: 'P', lastName: 'Q', now }),
        );
        await new TypeOrmOrganisationRepository(db, box).save(
          Organisation.found({ id: organisationId, uniqueId: organisationId, ownerId: personId, name: organisationId, now }),
        );
      },
      close: async () => {
        await dataSource.destroy();
        await database.dispose();
      },
    };
  },
}));

type ContactGroupListQuery = ListQuery<RecordFilters, string>;
type ContactListQuery = ListQuery<RecordFilters, string>;

const T0 = Date.parse('2026-01-10T08:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const FIRST_PAGE = { page: 1, pageSize: 100 };
const inGroup = (group: ContactGroup, ordering: ContactListQuery['ordering'], page = FIRST_PAGE): ContactListQuery => ({
  filters: { [PARENT_FILTER]: group.id },
  ordering,
  page,
});

describe.each([inMemory, ...typeOrm])('contact repositories on $name', (target) => {
  let storage: ContactStorage;

  beforeAll(async () => {
    storage = await target.open();
    await storage.seed('org-a', 'person-a');
    await storage.seed('org-b', 'person-b');
  });

  afterAll(async () => {
    await storage.close();
  });

  function aGroup(id: string, name: string, organisationId = 'org-a', seconds = 0): ContactGroup {
    return ContactGroup.create({ id, uniqueId: id, organisationId, name, now: at(seconds) });
  }

  function aContact(group: ContactGroup, overrides: Partial<CreateContact> & { id: string }): Contact {
    return Contact.create({
      uniqueId: overrides.id,
      group,
      createdById: group.organisationId === 'org-a' ? 'person-a' : 'person-b',
      firstName: overrides.id,
      now: at(0),
      ...overrides,
    });
  }

  async function saved<T extends ContactGroup | Contact>(item: T): Promise<T> {
    if (item instanceof ContactGroup) await storage.groups.save(item);
    else await storage.contacts.save(item as Contact);
    return item;
  }

  describe('contact groups', () => {
    it('finds a group by organisation and unique_id, as it was saved', async () => {
      const group = await saved(
        ContactGroup.create({
          id: 'g-find',
          uniqueId: 'find-me',
          organisationId: 'org-a',
          name: 'Suppliers',
          description: 'People we buy from',
          translations: '{"fr":"Fournisseurs"}',
          now: at(1),
        }),
      );

      expect((await storage.groups.findByUniqueId('org-a', 'find-me'))?.snapshot()).toEqual(group.snapshot());
      const locked = await storage.unitOfWork.transaction(() => storage.groups.findByUniqueId('org-a', 'find-me', { forUpdate: true }));
      expect(locked?.snapshot()).toEqual(group.snapshot());
      expect(await storage.groups.findByUniqueId('org-b', 'find-me')).toBeNull();
    });

    it('saves changes to an existing group', async () => {
      const group = await saved(aGroup('g-change', 'Before'));
      group.update({ name: 'After', description: 'Changed' }, at(5));

      await storage.groups.save(group);

      expect((await storage.groups.findByUniqueId('org-a', 'g-change'))?.snapshot()).toMatchObject({
        name: 'After',
        description: 'Changed',
        lastUpdated: at(5),
      });
    });

    it('refuses a second group with the same unique_id in an organisation, not in another', async () => {
      await saved(aGroup('g-dup', 'First'));
      const duplicate = ContactGroup.create({ id: 'g-dup-2', uniqueId: 'g-dup', organisationId: 'org-a', name: 'Second', now: at(0) });
      const elsewhere = ContactGroup.create({ id: 'g-dup-3', uniqueId: 'g-dup', organisationId: 'org-b', name: 'Third', now: at(0) });

      await expect(storage.groups.save(duplicate)).rejects.toMatchObject({
        errors: { unique_id: ['contact group with this unique id already exists.'] },
      });
      await expect(storage.groups.save(elsewhere)).resolves.toBeUndefined();
    });

    it("lists one organisation's groups in order, text case-insensitively, ties by id, one page at a time", async () => {
      await storage.seed('org-list', 'person-list');
      for (const [id, name, seconds] of [['l-3', 'beta', 3], ['l-1', 'Alpha', 2], ['l-2', 'beta', 1], ['l-4', 'Gamma', 4]] as const) {
        await saved(aGroup(id, name, 'org-list', seconds));
      }
      const ids = async (ordering: ContactGroupListQuery['ordering'], page = FIRST_PAGE) => {
        const result = await storage.groups.list('org-list', { filters: {}, ordering, page });
        return { ids: result.items.map((group) => group.id), total: result.total };
      };

      expect(await ids({ field: 'name', descending: false })).toEqual({ ids: ['l-1', 'l-2', 'l-3', 'l-4'], total: 4 });
      expect((await ids({ field: 'name', descending: true })).ids).toEqual(['l-4', 'l-3', 'l-2', 'l-1']);
      expect((await ids({ field: 'date_created', descending: false })).ids).toEqual(['l-2', 'l-1', 'l-3', 'l-4']);
      expect(await ids({ field: 'name', descending: false }, { page: 2, pageSize: 3 })).toEqual({ ids: ['l-4'], total: 4 });
      expect(await ids({ field: 'name', descending: false }, { page: 3, pageSize: 3 })).toEqual({ ids: [], total: 4 });
    });

    it('deletes a group', async () => {
      const group = await saved(aGroup('g-delete', 'Doomed'));

      await storage.groups.delete(group);

      expect(await storage.groups.findByUniqueId('org-a', 'g-delete')).toBeNull();
    });
  });

  describe('contacts', () => {
    let suppliers: ContactGroup;
    let partners: ContactGroup;

    beforeAll(async () => {
      suppliers = await saved(aGroup('suppliers', 'Suppliers'));
      partners = await saved(aGroup('partners', 'Partners'));
    });

    it('finds a contact exactly as it was saved, in its organisation only', async () => {
      const contact = await saved(
        aContact(suppliers, {
          id: 'c-full',
          entityType: 'vendor',
          entityId: 'vendor-42',
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          phone: '+44 20 7946 0000',
          mobile: '+44 7700 900000',
          socialUrl: 'https://example.com/ada',
          isActive: false,
          primaryContact: true,
          translations: '{"fr":"Ada"}',
          now: new Date('2026-01-10T08:00:00.123Z'),
        }),
      );
      const bare = await saved(aContact(suppliers, { id: 'c-bare' }));

      expect((await storage.contacts.findByUniqueId('org-a', 'c-bare'))?.snapshot()).toEqual(bare.snapshot());
      expect((await storage.contacts.findByUniqueId('org-a', 'c-full'))?.snapshot()).toEqual(contact.snapshot());
      expect(await storage.contacts.findByUniqueId('org-b', 'c-full')).toBeNull();
    });

    it('refuses a unique_id already used in the organisation, whatever the group', async () => {
      await saved(aContact(suppliers, { id: 'c-dup' }));

      await expect(storage.contacts.save(aContact(partners, { id: 'c-dup-2', uniqueId: 'c-dup' }))).rejects.toMatchObject({
        errors: { unique_id: ['contact with this unique id already exists.'] },
      });
      const otherOrganisation = await saved(aGroup('g-other-org', 'Theirs', 'org-b'));
      await expect(storage.contacts.save(aContact(otherOrganisation, { id: 'c-dup-3', uniqueId: 'c-dup' }))).resolves.toBeUndefined();
    });

    it("lists one group's contacts in order, a missing last name as empty, ties by id, one page at a time", async () => {
      const listed = await saved(aGroup('listed', 'Listed'));
      const rows = [
        ['k-3', 'bob', 'Zed', 1],
        ['k-1', 'Alice', null, 2],
        ['k-2', 'bob', 'adams', 3],
        ['k-4', 'Carol', 'Young', 4],
      ] as const;
      for (const [id, firstName, lastName, seconds] of rows) {
        await saved(aContact(listed, { id, firstName, lastName, now: at(seconds) }));
      }
      await saved(aContact(suppliers, { id: 'k-elsewhere', firstName: 'Aaron' }));
      const ids = async (ordering: ContactListQuery['ordering'], page = FIRST_PAGE) =>
        (await storage.contacts.list('org-a', inGroup(listed, ordering, page))).items.map((contact) => contact.id);

      expect(await ids({ field: 'first_name', descending: false })).toEqual(['k-1', 'k-2', 'k-3', 'k-4']);
      expect(await ids({ field: 'first_name', descending: true })).toEqual(['k-4', 'k-3', 'k-2', 'k-1']);
      expect(await ids({ field: 'last_name', descending: false })).toEqual(['k-1', 'k-2', 'k-4', 'k-3']);
      expect(await ids({ field: 'date_created', descending: true })).toEqual(['k-4', 'k-2', 'k-1', 'k-3']);
      expect(await ids({ field: 'first_name', descending: false }, { page: 2, pageSize: 3 })).toEqual(['k-4']);
      const secondPage = await storage.contacts.list('org-a', inGroup(listed, { field: 'first_name', descending: false }, { page: 2, pageSize: 3 }));
      expect(secondPage.total).toBe(4);
    });

    it('orders accented names alike on every engine: by their lower-cased characters, in code point order', async () => {
      const accented = await saved(aGroup('accented', 'Accented'));
      const rows = [
        ['x-1', 'Émile', 'Östen'],
        ['x-2', 'eve', null],
        ['x-3', 'Zoë', 'ångström'],
        ['x-4', 'Åsa', 'Zola'],
        ['x-5', 'adam', 'élan'],
        ['x-6', 'Ölaf', 'Eriksson'],
        ['x-7', 'åke', 'ÅBERG'],
      ] as const;
      for (const [id, firstName, lastName] of rows) await saved(aContact(accented, { id, firstName, lastName }));
      const names = async (property: 'firstName' | 'lastName', descending: boolean) => {
        const ordering = { field: property === 'firstName' ? 'first_name' : 'last_name', descending };
        return (await storage.contacts.list('org-a', inGroup(accented, ordering))).items.map((c) => c.snapshot()[property]);
      };

      // SQL LOWER() on SQLite left 'Å', 'É' and 'Ö' upper-case, sorting them before 'åke'.
      const byFirstName = ['adam', 'eve', 'Zoë', 'åke', 'Åsa', 'Émile', 'Ölaf'];
      expect(await names('firstName', false)).toEqual(byFirstName);
      expect(await names('firstName', true)).toEqual([...byFirstName].reverse());
      const byLastName = [null, 'Eriksson', 'Zola', 'ÅBERG', 'ångström', 'élan', 'Östen'];
      expect(await names('lastName', false)).toEqual(byLastName);
      expect(await names('lastName', true)).toEqual([...byLastName].reverse());
    });

    it('counts the contacts of each group asked for', async () => {
      const counted = await saved(aGroup('counted', 'Counted'));
      const empty = await saved(aGroup('empty', 'Empty'));
      for (const id of ['n-1', 'n-2', 'n-3']) await saved(aContact(counted, { id }));

      const counts = await storage.contacts.countByGroup('org-a', [counted.id, empty.id]);

      expect(counts.get(counted.id)).toBe(3);
      expect(counts.get(empty.id) ?? 0).toBe(0);
      expect(await storage.contacts.countByGroup('org-a', [])).toEqual(new Map());
    });

    it('finds the other primaries of a slot: same group, entity type and entity, blank counting as none', async () => {
      const slots = await saved(aGroup('slots', 'Slots'));
      const candidate = aContact(slots, { id: 's-candidate', entityType: 'vendor', entityId: 'v1', primaryContact: true });
      await saved(aContact(slots, { id: 's-same', entityType: 'vendor', entityId: 'v1', primaryContact: true }));
      await saved(aContact(slots, { id: 's-not-primary', entityType: 'vendor', entityId: 'v1' }));
      await saved(aContact(slots, { id: 's-other-entity', entityType: 'vendor', entityId: 'v2', primaryContact: true }));
      await saved(aContact(slots, { id: 's-other-type', entityType: 'client', entityId: 'v1', primaryContact: true }));
      await saved(aContact(partners, { id: 's-other-group', entityType: 'vendor', entityId: 'v1', primaryContact: true }));
      const loose = await saved(aContact(slots, { id: 's-loose', entityType: 'vendor', entityId: null, primaryContact: true }));
      const blank = aContact(slots, { id: 's-blank', entityType: 'vendor', entityId: '', primaryContact: true });

      expect((await storage.contacts.primariesSharingSlotWith(candidate)).map((c) => c.id)).toEqual(['s-same']);
      expect((await storage.contacts.primariesSharingSlotWith(blank)).map((c) => c.id)).toEqual([loose.id]);
      expect(await storage.contacts.primariesSharingSlotWith(loose)).toEqual([]);
    });

    it('refuses a second primary in a slot, and takes it once the first is demoted', async () => {
      const guarded = await saved(aGroup('guarded', 'Guarded'));
      const first = await saved(aContact(guarded, { id: 'p-1', entityId: 'c1', primaryContact: true }));
      const second = aContact(guarded, { id: 'p-2', entityId: 'c1', primaryContact: true });

      await expect(storage.contacts.save(second)).rejects.toBeInstanceOf(ConcurrentModification);

      first.demoteFromPrimary(at(9));
      await storage.contacts.save(first);
      await storage.contacts.save(second);
      expect((await storage.contacts.findByUniqueId('org-a', 'p-1'))?.isPrimary).toBe(false);
      expect((await storage.contacts.findByUniqueId('org-a', 'p-2'))?.isPrimary).toBe(true);
    });

    it('deletes a contact', async () => {
      const contact = await saved(aContact(suppliers, { id: 'c-delete' }));

      await storage.contacts.delete(contact);

      expect(await storage.contacts.findByUniqueId('org-a', 'c-delete')).toBeNull();
    });
  });
});
