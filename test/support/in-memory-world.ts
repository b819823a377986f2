import { randomBytes } from 'node:crypto';
import { Container } from 'inversify';
import { InMemoryFileStorage } from '../../adapters/file-storage/in-memory-file-storage';
import { UuidV7Generator } from '../../adapters/system/uuid-v7-generator';
import { FILE_STORAGE_TOKENS } from '../../application/shared/file-storage';
import { VENDOR_TOKENS, VendorRepository } from '../../application/supplier/vendor.kind';
import { Vendor } from '../../domain/supplier/vendor';
import { FoundOrganisationService } from '../../application/organisation/found-organisation';
import { MembershipRepository, ORGANISATION_TOKENS } from '../../application/organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../../application/person/person.ports';
import { Actor } from '../../application/shared/actor';
import { Clock, SHARED_TOKENS, UnitOfWork } from '../../application/shared/ports';
import { buildContainer } from '../../config/container';
import { loadConfig } from '../../config/config';
import { Organisation } from '../../domain/organisation/organisation';
import { Person } from '../../domain/person/person';
import { CalendarDate } from '../../domain/shared/calendar-date';
import { TEST_HASHER } from './test-app';

/** A clock that tells the time it is set to. */
export class FixedClock implements Clock {
  constructor(public instant: Date) {}

  now(): Date {
    return new Date(this.instant);
  }

  today(): CalendarDate {
    return CalendarDate.ofInstant(this.instant);
  }
}

/** A clock a second later at every reading: creation times never tie, whatever the machine's speed. */
export class TickingClock implements Clock {
  private instant: number;

  constructor(start: string) {
    this.instant = Date.parse(start);
  }

  now(): Date {
    this.instant += 1000;
    return new Date(this.instant);
  }

  today(): CalendarDate {
    return CalendarDate.ofInstant(new Date(this.instant));
  }
}

export interface Member {
  actor: Actor;
  person: Person;
}

/**
 * The application wired as in production, every adapter in memory: for use-case
 * tests, which then go through the same container bindings as the server.
 */
export async function inMemoryWorld(now = new Date('2026-02-01T09:00:00.000Z')) {
  const clock = new FixedClock(now);
  const ids = new UuidV7Generator();
  const container: Container = await buildContainer({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    storage: { kind: 'memory' },
    encryptionKey: randomBytes(32),
    hasher: TEST_HASHER,
    clock,
    ids,
  });
  const people = container.get<PersonRepository>(PERSON_TOKENS.PersonRepository);
  const memberships = container.get<MembershipRepository>(ORGANISATION_TOKENS.MembershipRepository);
  const unitOfWork = container.get<UnitOfWork>(SHARED_TOKENS.UnitOfWork);

  const person = async (firstName: string, lastName = 'Test'): Promise<Member> => {
    const id = ids.next();
    const registered = Person.register({ id, uniqueId: id, email: `${id}@example.com`, firstName, lastName, now });
    await people.save(registered);
    return { actor: { personId: id }, person: registered };
  };

  return {
    container,
    clock,
    receipts: container.get<InMemoryFileStorage>(FILE_STORAGE_TOKENS.Receipts),
    pictures: container.get<InMemoryFileStorage>(FILE_STORAGE_TOKENS.Pictures),
    /** Vendors of an organisation, saved through the vendor repository expenses read. */
    vendors: {
      add: async (organisationId: string, vendor: { id: string; uniqueId: string; name: string }): Promise<void> => {
        const repository = container.get<VendorRepository>(VENDOR_TOKENS.VendorRepository);
        await repository.save(Vendor.create({ ...vendor, organisationId, organisationCurrency: 'USD', createdById: 'someone', now }));
      },
    },
    person,
    /** A new organisation (with its default chart) founded by a new person. */
    async organisation(name = 'Acme'): Promise<{ organisation: Organisation; owner: Member }> {
      const owner = await person('Olive', 'Owner');
      const organisation = await unitOfWork.transaction(() =>
        container.get(FoundOrganisationService).found(owner.actor.personId, { name }, now),
      );
      return { organisation, owner };
    },
    async addMember(organisation: Organisation, member: Member): Promise<void> {
      await memberships.add({ organisationId: organisation.id, personId: member.actor.personId, role: 'member', dateJoined: now });
    },
  };
}
