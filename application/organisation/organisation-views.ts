import { inject, injectable } from 'inversify';
import { Organisation, OrganisationSnapshot } from '../../domain/organisation/organisation';
import { Decimal } from '../../domain/shared/decimal';
import { PersonRef } from '../shared/actor';
import { Clock, SHARED_TOKENS } from '../shared/ports';
import { PERSON_TOKENS, PersonRepository } from '../person/person.ports';
import { MembershipRepository, ORGANISATION_TOKENS } from './organisation.ports';

/** An organisation with what is derived from it and from its members. */
export interface OrganisationView {
  organisation: OrganisationSnapshot;
  owner: PersonRef | null;
  memberCount: number;
  financialYearLabel: string;
  creditsRemaining: Decimal;
}

@injectable()
export class OrganisationViews {
  constructor(
    @inject(PERSON_TOKENS.PersonRepository) private readonly people: PersonRepository,
    @inject(ORGANISATION_TOKENS.MembershipRepository) private readonly memberships: MembershipRepository,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async one(organisation: Organisation): Promise<OrganisationView> {
    const [view] = await this.many([organisation]);
    return view;
  }

  /** Views of several organisations with one query per kind of data, not per organisation. */
  async many(organisations: Organisation[]): Promise<OrganisationView[]> {
    const today = this.clock.today();
    const counts = await this.memberships.countByOrganisation(organisations.map((o) => o.id));
    const owners = await this.people.findByIds([...new Set(organisations.map((o) => o.ownerId))]);
    const ownerById = new Map(owners.map((p) => [p.id, { uniqueId: p.uniqueId, fullName: p.fullName }]));
    return organisations.map((organisation) => ({
      organisation: organisation.snapshot(),
      owner: ownerById.get(organisation.ownerId) ?? null,
      memberCount: counts.get(organisation.id) ?? 0,
      financialYearLabel: organisation.currentFinancialYearLabel(today),
      creditsRemaining: organisation.monthlyAiCreditsRemaining,
    }));
  }
}
