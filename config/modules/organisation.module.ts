import { ContainerModule } from 'inversify';
import { OrganisationController } from '../../adapters/http/organisation/organisation.controller';
import { ProfileController } from '../../adapters/http/person/profile.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import {
  InMemoryMembershipRepository,
  InMemoryOrganisationRepository,
} from '../../adapters/persistence/in-memory/in-memory-organisation.repository';
import { InMemoryPersonRepository } from '../../adapters/persistence/in-memory/in-memory-person.repository';
import {
  TypeOrmMembershipRepository,
  TypeOrmOrganisationRepository,
} from '../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { ORGANISATION_TOKENS } from '../../application/organisation/organisation.ports';
import { PERSON_TOKENS } from '../../application/person/person.ports';
import { Storage } from './storage';

/** People, organisations and memberships: the core every other area builds on. */
export function organisationModule(storage: Storage): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') {
      bind(PERSON_TOKENS.PersonRepository).to(TypeOrmPersonRepository).inSingletonScope();
      bind(ORGANISATION_TOKENS.OrganisationRepository).to(TypeOrmOrganisationRepository).inSingletonScope();
      bind(ORGANISATION_TOKENS.MembershipRepository).to(TypeOrmMembershipRepository).inSingletonScope();
    } else {
      const memberships = new InMemoryMembershipRepository();
      bind(ORGANISATION_TOKENS.MembershipRepository).toConstantValue(memberships);
      bind(PERSON_TOKENS.PersonRepository).toConstantValue(new InMemoryPersonRepository(memberships));
      bind(ORGANISATION_TOKENS.OrganisationRepository).toConstantValue(new InMemoryOrganisationRepository(memberships));
    }
    bind(HTTP_TOKENS.Controller).to(ProfileController).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(OrganisationController).inSingletonScope();
  });
}
