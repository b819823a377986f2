import { ActivityController } from '../../adapters/http/history/activity.controller';
import { ContainerModule } from 'inversify';
import { FlexibleRateLimit } from '../../adapters/security/flexible-rate-limit';
import { LimiterStore } from '../../adapters/security/limiter-store';
import { AppConfig } from '../config';
import { MembersController } from '../../adapters/http/organisation/members.controller';
import { OrganisationLifecycleController } from '../../adapters/http/organisation/organisation-lifecycle.controller';
import { OrganisationController } from '../../adapters/http/organisation/organisation.controller';
import { ProfileController } from '../../adapters/http/person/profile.controller';
import { ProfilePictureController } from '../../adapters/http/person/profile-picture.controller';
import { OrganisationLogoController } from '../../adapters/http/organisation/organisation-logo.controller';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import {
  InMemoryMembershipRepository,
  InMemoryOrganisationRepository,
} from '../../adapters/persistence/in-memory/in-memory-organisation.repository';
import { InMemoryInvitationRepository } from '../../adapters/persistence/in-memory/in-memory-invitation.repository';
import { InMemoryPersonRepository, InMemoryProfileReader } from '../../adapters/persistence/in-memory/in-memory-person.repository';
import { TypeOrmInvitationRepository } from '../../adapters/persistence/typeorm/organisation/typeorm-invitation.repository';
import { TypeOrmClosedOrganisationPurge } from '../../adapters/persistence/typeorm/organisation/typeorm-closed-organisation.purge';
import { Sha256TokenIssuer } from '../../adapters/security/tokens';
import { Mailer } from '../../application/organisation/organisation.ports';
import {
  TypeOrmMembershipRepository,
  TypeOrmOrganisationRepository,
} from '../../adapters/persistence/typeorm/organisation/typeorm-organisation.repository';
import { TypeOrmPersonRepository } from '../../adapters/persistence/typeorm/person/typeorm-person.repository';
import { TypeOrmProfileReader } from '../../adapters/persistence/typeorm/person/typeorm-profile.reader';
import { ORGANISATION_TOKENS } from '../../application/organisation/organisation.ports';
import { PERSON_TOKENS } from '../../application/person/person.ports';
import { Storage } from './storage';

/** People, organisations, memberships and invitations: the core every other area builds on. */
export function organisationModule(storage: Storage, mailer: Mailer, config: AppConfig, limiters: LimiterStore): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(ORGANISATION_TOKENS.InvitationQuota).toConstantValue(new FlexibleRateLimit(limiters, 'invitations', config.invitationsPerOrganisationPerDay, 86_400));
    bind(ORGANISATION_TOKENS.Mailer).toConstantValue(mailer);
    bind(ORGANISATION_TOKENS.TokenIssuer).toConstantValue(new Sha256TokenIssuer());
    bind(ORGANISATION_TOKENS.PublicBaseUrl).toConstantValue(config.publicBaseUrl);
    bind(ORGANISATION_TOKENS.DeletionGraceMs).toConstantValue(config.organisationDeletionGraceDays * 86_400_000);
    if (storage.kind === 'typeorm') {
      bind(PERSON_TOKENS.PersonRepository).to(TypeOrmPersonRepository).inSingletonScope();
      bind(PERSON_TOKENS.ProfileReader).to(TypeOrmProfileReader).inSingletonScope();
      bind(ORGANISATION_TOKENS.OrganisationRepository).to(TypeOrmOrganisationRepository).inSingletonScope();
      bind(ORGANISATION_TOKENS.MembershipRepository).to(TypeOrmMembershipRepository).inSingletonScope();
      bind(ORGANISATION_TOKENS.InvitationRepository).to(TypeOrmInvitationRepository).inSingletonScope();
      // In memory nothing outlives the process: there is no deletion to run in the background.
      bind(ORGANISATION_TOKENS.ClosedOrganisationPurge).to(TypeOrmClosedOrganisationPurge).inSingletonScope();
    } else {
      const memberships = new InMemoryMembershipRepository();
      bind(ORGANISATION_TOKENS.MembershipRepository).toConstantValue(memberships);
      const people = new InMemoryPersonRepository(memberships);
      const organisations = new InMemoryOrganisationRepository(memberships, people);
      bind(PERSON_TOKENS.PersonRepository).toConstantValue(people);
      bind(ORGANISATION_TOKENS.OrganisationRepository).toConstantValue(organisations);
      bind(PERSON_TOKENS.ProfileReader).toConstantValue(new InMemoryProfileReader(people, organisations));
      bind(ORGANISATION_TOKENS.InvitationRepository).toConstantValue(new InMemoryInvitationRepository());
    }
    bind(HTTP_TOKENS.Controller).to(ProfileController).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(OrganisationController).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(ProfilePictureController).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(OrganisationLogoController).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(MembersController).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(OrganisationLifecycleController).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(ActivityController).inSingletonScope();
  });
}
