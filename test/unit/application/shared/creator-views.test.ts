import { CLIENT_TOKENS, ClientRepository } from '../../../../application/client/client.kind';
import { SALES_STAGE_TOKENS, SalesStageRepository } from '../../../../application/sales-stage/sales-stage.ports';
import { peopleNamed } from '../../../../application/person/people-named';
import { PERSON_TOKENS, PersonRepository } from '../../../../application/person/person.ports';
import { Actor } from '../../../../application/shared/actor';
import { InMemoryApp, inMemoryApp } from '../../../support/in-memory-container';
import { leadsOf } from '../../../support/lead-use-cases';
import { useCasesOf } from '../../../support/record-use-cases';
import { Vendor, VendorSnapshot } from '../../../../domain/supplier/vendor';
import { Contact, ContactSnapshot } from '../../../../domain/contact/contact';

/**
 * A new record's answer names its creator: the caller, whose name the
 * organisation's read for the request already brought. No person is read
 * again for it (a statement inside the write's transaction, a round trip on
 * Postgres), and the name is the caller's own.
 */
describe('a record written names its creator, and a lead its stage and client, without reading them again', () => {
  let app: InMemoryApp;
  let member: Actor;
  let org: string;
  let personReads: jest.SpyInstance;

  beforeEach(async () => {
    app = await inMemoryApp();
    const owner = await app.aPerson('Olive');
    member = await app.aPerson('Grace');
    org = await app.anOrganisation(owner);
    await app.join(org, member);
    await useCasesOf(app.container, 'contact group').create.execute(owner, org, { uniqueId: 'suppliers', name: 'Suppliers' });
    personReads = jest.spyOn(app.container.get<PersonRepository>(PERSON_TOKENS.PersonRepository), 'findByIds');
  });

  const grace = async () => {
    const person = await app.container.get<PersonRepository>(PERSON_TOKENS.PersonRepository).findById(member.personId);
    return { uniqueId: person!.uniqueId, fullName: person!.fullName };
  };

  it('a vendor', async () => {
    const view = await useCasesOf<Vendor, VendorSnapshot>(app.container, 'vendor').create.execute(member, org, { name: 'Paper Co' });
    expect(view.people.get(view.record.createdById)).toEqual(await grace());
    expect(personReads).not.toHaveBeenCalled();
  });

  it('a lead, which does not read again the stage and client it resolved either, nor when it is updated', async () => {
    await useCasesOf(app.container, 'client').create.execute(member, org, { uniqueId: 'acme', name: 'Acme' });
    const stageReads = jest.spyOn(app.container.get<SalesStageRepository>(SALES_STAGE_TOKENS.SalesStageRepository), 'findByIds');
    const clientReads = jest.spyOn(app.container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository), 'findByIds');
    const view = await leadsOf(app.container).create(member, org, { uniqueId: 'fit-out', title: 'Fit-out', leadSource: 'referral', salesStage: 'stage-qualified', client: 'acme' });
    expect([view.createdBy, view.salesStage, view.client]).toEqual([await grace(), 'stage-qualified', 'acme']);
    const moved = await leadsOf(app.container).update(member, org, 'fit-out', { salesStage: 'stage-negotiation' });
    expect([moved.createdBy, moved.salesStage, moved.client]).toEqual([await grace(), 'stage-negotiation', 'acme']);
    expect(personReads).not.toHaveBeenCalled();
    expect(stageReads).not.toHaveBeenCalled();
    expect(clientReads.mock.calls).toHaveLength(1); // the update kept its client: read for the answer
  });

  it('a contact', async () => {
    const view = await useCasesOf<Contact, ContactSnapshot>(app.container, 'contact').create.execute(
      member,
      { organisation: org, parent: 'suppliers' },
      { firstName: 'Amina', lastName: 'Otieno', email: 'amina@example.com' },
    );
    expect(view.people.get(view.record.createdById)?.fullName).toBe((await grace()).fullName);
    expect(personReads).not.toHaveBeenCalled();
  });
});

describe('peopleNamed', () => {
  const person = (id: string) => ({ id, uniqueId: `u-${id}`, fullName: `Name ${id}` });
  const reading = () => {
    const reads: string[][] = [];
    const people = { findByIds: async (ids: string[]) => (reads.push(ids), ids.map(person)) } as unknown as PersonRepository;
    return { people, reads };
  };

  it('reads, in one query, only the people not known, leaving out nulls and repeats', async () => {
    const { people, reads } = reading();
    const named = await peopleNamed(people, ['a', null, 'b', 'a', 'c'], [person('b')]);
    expect(reads).toEqual([['a', 'c']]);
    expect([...named]).toEqual([
      ['b', { uniqueId: 'u-b', fullName: 'Name b' }],
      ['a', { uniqueId: 'u-a', fullName: 'Name a' }],
      ['c', { uniqueId: 'u-c', fullName: 'Name c' }],
    ]);
  });

  it('reads nothing when every person is known, and names no one it was not asked for', async () => {
    const { people, reads } = reading();
    const named = await peopleNamed(people, ['b', null], [person('b'), person('x')]);
    expect(reads).toEqual([]);
    expect([...named.keys()]).toEqual(['b']);
  });
});
