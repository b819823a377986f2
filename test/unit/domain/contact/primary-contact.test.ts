import { Contact, CreateContact } from '../../../../domain/contact/contact';
import { ContactGroup } from '../../../../domain/contact/contact-group';
import { primaryContactsToDemote } from '../../../../domain/contact/primary-contact';

const CREATED = new Date('2026-01-10T08:00:00.000Z');
const LATER = new Date('2026-01-11T09:30:00.000Z');

function aGroup(id: string): ContactGroup {
  return ContactGroup.create({ id, uniqueId: id, organisationId: 'org-1', name: id, now: CREATED });
}

const suppliers = aGroup('suppliers');
const partners = aGroup('partners');

let sequence = 0;
function aContact(overrides: Partial<CreateContact> = {}): Contact {
  sequence += 1;
  return Contact.create({
    id: `contact-${sequence}`,
    uniqueId: `contact-${sequence}`,
    group: suppliers,
    createdById: 'person-1',
    firstName: `Contact ${sequence}`,
    entityType: 'vendor',
    entityId: 'vendor-1',
    now: CREATED,
    ...overrides,
  });
}

const ids = (contacts: Contact[]) => contacts.map((contact) => contact.id).sort();

describe('primaryContactsToDemote', () => {
  it('demotes exactly the other primaries of the same entity in the same group', () => {
    const candidate = aContact({ primaryContact: true });
    const samePrimary = aContact({ primaryContact: true });
    const sameNotPrimary = aContact({ primaryContact: false });
    const otherEntityId = aContact({ primaryContact: true, entityId: 'vendor-2' });
    const otherEntityType = aContact({ primaryContact: true, entityType: 'client' });
    const otherGroup = aContact({ primaryContact: true, group: partners });

    const demoted = primaryContactsToDemote(candidate, [
      candidate,
      samePrimary,
      sameNotPrimary,
      otherEntityId,
      otherEntityType,
      otherGroup,
    ]);

    expect(ids(demoted)).toEqual([samePrimary.id]);
  });

  it('demotes nobody when the candidate is not primary', () => {
    const candidate = aContact({ primaryContact: false });
    const primary = aContact({ primaryContact: true });

    expect(primaryContactsToDemote(candidate, [primary])).toEqual([]);
  });

  it('demotes nobody when the candidate was just unset', () => {
    const candidate = aContact({ primaryContact: true });
    const other = aContact({ primaryContact: true });
    candidate.update({ primaryContact: false }, LATER);

    expect(primaryContactsToDemote(candidate, [other])).toEqual([]);
  });

  it('never names the candidate itself, even as a stored copy of it', () => {
    const candidate = aContact({ primaryContact: true });
    const storedCopy = Contact.restore(candidate.snapshot());

    expect(primaryContactsToDemote(candidate, [storedCopy])).toEqual([]);
  });

  it('follows a contact moved to another entity: the primaries of its new entity are demoted', () => {
    const candidate = aContact({ primaryContact: true, entityId: 'vendor-1' });
    const formerSibling = aContact({ primaryContact: true, entityId: 'vendor-1' });
    const newSibling = aContact({ primaryContact: true, entityId: 'vendor-2' });

    candidate.update({ entityId: 'vendor-2' }, LATER);

    expect(ids(primaryContactsToDemote(candidate, [formerSibling, newSibling]))).toEqual([newSibling.id]);
  });

  describe('contacts without an entity id', () => {
    it('share one slot per entity type', () => {
      const candidate = aContact({ primaryContact: true, entityId: null });
      const sameType = aContact({ primaryContact: true, entityId: null });
      const otherType = aContact({ primaryContact: true, entityId: null, entityType: 'partner' });

      expect(ids(primaryContactsToDemote(candidate, [sameType, otherType]))).toEqual([sameType.id]);
    });

    it('count a blank entity id as none', () => {
      const candidate = aContact({ primaryContact: true, entityId: '' });
      const withNull = aContact({ primaryContact: true, entityId: null });

      expect(ids(primaryContactsToDemote(candidate, [withNull]))).toEqual([withNull.id]);
    });

    it('do not share a slot with contacts that have one', () => {
      const candidate = aContact({ primaryContact: true, entityId: null });
      const withEntity = aContact({ primaryContact: true, entityId: 'vendor-1' });

      expect(primaryContactsToDemote(candidate, [withEntity])).toEqual([]);
      expect(primaryContactsToDemote(withEntity, [candidate])).toEqual([]);
    });
  });

  it('leaves one primary per slot once the caller demotes what it names', () => {
    const group = [
      aContact({ primaryContact: true }),
      aContact({ primaryContact: true, entityId: 'vendor-2' }),
      aContact({ primaryContact: false }),
    ];
    const candidate = group[2];
    candidate.update({ primaryContact: true }, LATER);

    for (const contact of primaryContactsToDemote(candidate, group)) contact.demoteFromPrimary(LATER);

    expect(group.map((contact) => contact.isPrimary)).toEqual([false, true, true]);
    expect(group[0].snapshot().lastUpdated).toEqual(LATER);
    expect(group[1].snapshot().lastUpdated).toEqual(CREATED);
  });
});
