import { inject, injectable } from 'inversify';
import { Role } from '../../domain/organisation/membership';
import { Person, PersonSnapshot } from '../../domain/person/person';
import { CurrentOrganisation, ORGANISATION_TOKENS, OrganisationRepository } from '../organisation/organisation.ports';

/** A person's profile with their role in their current organisation. */
export interface ProfileView {
  person: PersonSnapshot;
  isOwner: boolean;
  organisation: { uniqueId: string; name: string; role: Role } | null;
}

@injectable()
export class ProfileViews {
  constructor(
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
  ) {}

  /** The current organisation is the one joined first among those the person still belongs to. */
  async of(person: Person): Promise<ProfileView> {
    return profileView(person, await this.organisations.firstForPerson(person.id));
  }
}

/** The profile of a person whose current organisation is known. */
export function profileView(person: Person, current: CurrentOrganisation | null): ProfileView {
  return {
    person: person.snapshot(),
    isOwner: current?.role === 'owner',
    organisation: current ? { uniqueId: current.organisation.uniqueId, name: current.organisation.name, role: current.role } : null,
  };
}
