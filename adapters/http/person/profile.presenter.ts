import { ProfileView } from '../../../application/person/profile-views';
import { ProfileChanges } from '../../../domain/person/person';
import { PERSON_DECLARATION } from '../../declaration/person/person.declaration';
import { resourceInput } from '../declared/declared-input';
import { schemaOf, valuesPresenterOf } from '../declared/declared-presenter';
import { personPictureUrl } from '../shared/pictures';
import { InputClass } from '../validation/input';

const present = valuesPresenterOf(PERSON_DECLARATION);

/** The Person of the spec, as its declaration writes it; `origin` makes the picture's URL absolute. */
export function presentProfile(view: ProfileView, origin: string): Record<string, unknown> {
  const person = view.person;
  return present(person, { profilePictureUrl: personPictureUrl(origin, person.uniqueId, person.picture), isOwner: view.isOwner, organisationDetails: view.organisation });
}

/** What `presentProfile` writes: the Person of the spec. */
export const PROFILE_SCHEMA = schemaOf(PERSON_DECLARATION);

/** The body of `/me/`'s PUT and PATCH. */
export const PROFILE_INPUT = resourceInput(PERSON_DECLARATION) as InputClass<ProfileChanges>;
