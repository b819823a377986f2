import { inject, injectable } from 'inversify';
import { Person, PersonSnapshot } from '../../domain/person/person';
import { ORGANISATION_TOKENS, OrganisationRepository } from '../organisation/organisation.ports';
import { ProfileOrganisation, profileOrganisation } from './person.ports';

/** A person's profile with their role in their current organisation. */
export interface ProfileView {
  person: PersonSnapshot;
  isOwner: boolean;
  organisation: ProfileOrganisation | null;
}

@injectable()
export class ProfileViews {
  constructor(
    @inject(ORGANISATION_TOKENS.OrganisationRepository) private readonly organisations: OrganisationRepository,
  ) {}

  /** The current organisation is the one joined first among those the person still belongs to. */
  async of(person: Person): Promise<ProfileView> {
    return profileView(person, profileOrganisation(await this.organisations.firstForPerson(person.id)));
  }
}

/** The profile of a person whose current organisation is known. */
export function profileView(person: Person, current: ProfileOrganisation | null): ProfileView {
  return { person: person.snapshot(), isOwner: current?.role === 'owner', organisation: current };
}
