import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Container } from 'inversify';
import { UuidV7Generator } from '../../adapters/system/uuid-v7-generator';
import { CreateOrganisation } from '../../application/organisation/create-organisation.use-case';
import {
  MembershipRepository,
  ORGANISATION_TOKENS,
  OrganisationRepository,
} from '../../application/organisation/organisation.ports';
import { PERSON_TOKENS, PersonRepository } from '../../application/person/person.ports';
import { Actor } from '../../application/shared/actor';
import { WebhookSender } from '../../application/webhook/webhook.ports';
import { loadConfig } from '../../config/config';
import { buildContainer } from '../../config/container';
import { Person } from '../../domain/person/person';
import { FixedClock } from './fixed-clock';
import { TEST_HASHER } from './test-app';

/**
 * The application wired on the in-memory adapters, for use-case tests: real
 * use cases and ports, no database and no HTTP.
 */
export interface InMemoryApp {
  container: Container;
  clock: FixedClock;
  /** A new person, who belongs to no organisation yet. */
  aPerson(firstName?: string): Promise<Actor>;
  /** A new organisation founded (and owned) by `owner`; its unique_id. */
  anOrganisation(owner: Actor, input?: { name?: string; defaultCurrency?: string }): Promise<string>;
  join(organisationUniqueId: string, actor: Actor): Promise<void>;
}

const ids = new UuidV7Generator();

export async function inMemoryApp(clock = new FixedClock('2026-03-15T10:00:00.000Z'), parts: { webhookSender?: WebhookSender } = {}): Promise<InMemoryApp> {
  const container = await buildContainer({
    config: loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
    storage: { kind: 'memory' },
    encryptionKey: randomBytes(32),
    clock,
    hasher: TEST_HASHER,
    ...parts,
  });
  const people = container.get<PersonRepository>(PERSON_TOKENS.PersonRepository);
  return {
    container,
    clock,
    async aPerson(firstName = 'Ada') {
      const id = ids.next();
      await people.save(
        Person.register({ id, uniqueId: `person-${id}`, email: `${id}@example.com`, firstName, lastName: 'Lovelace', now: clock.now() }),
      );
      return { personId: id };
    },
    async anOrganisation(owner, input = {}) {
      const view = await container.get(CreateOrganisation).execute(owner, { ...input, name: input.name ?? 'Acme' });
      return view.organisation.uniqueId;
    },
    async join(organisationUniqueId, actor) {
      const organisation = await container
        .get<OrganisationRepository>(ORGANISATION_TOKENS.OrganisationRepository)
        .findByUniqueId(organisationUniqueId);
      if (!organisation) throw new Error(`join: no organisation ${organisationUniqueId}`);
      await container
        .get<MembershipRepository>(ORGANISATION_TOKENS.MembershipRepository)
        .add({ organisationId: organisation.id, personId: actor.personId, role: 'member', dateJoined: clock.now() });
    },
  };
}
