import { inject, injectable, multiInject, optional } from 'inversify';
import { Organisation, OrganisationChanges } from '../../domain/organisation/organisation';
import { ValidationFailed } from '../../domain/shared/errors';
import { IdGenerator, SHARED_TOKENS } from '../shared/ports';
import {
  MembershipRepository,
  ORGANISATION_TOKENS,
  OrganisationRepository,
  OrganisationSeeder,
} from './organisation.ports';

export type NewOrganisation = OrganisationChanges & { name: string };

/**
 * Creates an organisation with its founder as owner and the starting data every
 * area seeds. Callers run it inside their transaction.
 */
@injectable()
export class FoundOrganisationService {
  constructor(
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @multiInject(ORGANISATION_TOKENS.OrganisationSeeder) @optional() private readonly seeders: OrganisationSeeder[] = [],
  ) {}

  async found(ownerId: string, input: NewOrganisation, now: Date): Promise<Organisation> {
    const uniqueId = input.uniqueId ?? this.ids.next();
    if (input.uniqueId !== undefined && (await this.organisations.existsWithUniqueId(uniqueId))) {
      throw ValidationFailed.field('unique_id', 'organisation with this unique id already exists.');
    }
    const organisation = Organisation.found({ ...input, id: this.ids.next(), uniqueId, ownerId, now });
    await this.organisations.save(organisation);
    await this.memberships.add({ organisationId: organisation.id, personId: ownerId, role: 'owner', dateJoined: now });
    for (const seeder of this.seeders ?? []) await seeder.seed(organisation, now);
    return organisation;
  }
}
