import { randomBytes } from 'node:crypto';
import { Container } from 'inversify';
import { FoundOrganisationService } from '../../../../application/organisation/found-organisation';
import {
  MembershipRepository,
  ORGANISATION_TOKENS,
  OrganisationRepository,
} from '../../../../application/organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../../../../application/person/person.ports';
import { Actor } from '../../../../application/shared/actor';
import { IdGenerator } from '../../../../application/shared/ports';
import { loadConfig } from '../../../../config/config';
import { buildContainer } from '../../../../config/container';
import { Person } from '../../../../domain/person/person';
import { useCasesOf } from '../../../support/record-use-cases';
import { SteppingClock } from '../../../support/stepping-clock';
import { KeptRecord } from '../../../../application/records/record-kind';
import { OrganisationRecordState } from '../../../../domain/shared/organisation-record';

/** Readable, ordered ids: `id-0001`, `id-0002`… */
export class SequentialIds implements IdGenerator {
  private count = 0;

  next(): string {
    this.count += 1;
    return `id-${String(this.count).padStart(4, '0')}`;
  }
}

export const START = new Date('2026-01-10T08:00:00.000Z');

/**
 * The application wired on in-memory storage, with a clock that moves one
 * second per reading, and helpers that make people and organisations.
 */
export class ContactWorld {
  private constructor(private readonly container: Container) {}

  static async create(): Promise<ContactWorld> {
    const container = await buildContainer({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      storage: { kind: 'memory' },
      encryptionKey: randomBytes(32),
      clock: new SteppingClock(START),
      ids: new SequentialIds(),
    });
    return new ContactWorld(container);
  }

  get<T>(useCase: new (...args: never[]) => T): T {
    return this.container.get(useCase);
  }

  /** The five use cases of a declared kind (`contact group`). */
  records<T extends KeptRecord<S>, S extends OrganisationRecordState>(model: string) {
    return useCasesOf<T, S>(this.container, model);
  }

  async person(firstName: string, lastName: string): Promise<Actor> {
    const id = `person-${firstName.toLowerCase()}`;
    const person = Person.register({ id, uniqueId: id, email: `${id}@example.com`, firstName, lastName, now: START });
    await this.container.get<PersonRepository>(PERSON_TOKENS.PersonRepository).save(person);
    return { personId: id };
  }

  /** A new organisation owned by `owner`; its unique_id. */
  async organisation(owner: Actor, name: string): Promise<string> {
    const organisation = await this.container.get(FoundOrganisationService).found(owner.personId, { name }, START);
    return organisation.uniqueId;
  }

  async join(actor: Actor, organisationUniqueId: string): Promise<void> {
    const organisation = await this.container
      .get<OrganisationRepository>(ORGANISATION_TOKENS.OrganisationRepository)
      .findByUniqueId(organisationUniqueId);
    await this.container
      .get<MembershipRepository>(ORGANISATION_TOKENS.MembershipRepository)
      .add({ organisationId: organisation!.id, personId: actor.personId, role: 'member', dateJoined: START });
  }
}
