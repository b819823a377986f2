import { SignedUp } from '../../../application/auth/sign-up.use-case';
import { OWNER_ORGANISATION_SCHEMA, presentOwnerOrganisation } from '../organisation/organisation.presenter';
import { presentProfile, PROFILE_SCHEMA } from '../person/profile.presenter';
import { wireSchema as s } from '../shared/wire-schema';

/** The new user and the organisation they now own. */
export function presentSignUp(result: SignedUp, origin: string) {
  return { person: presentProfile(result.profile, origin), organisation: presentOwnerOrganisation(result.organisation, origin) };
}

/** What `presentSignUp` writes. */
export const SIGN_UP_SCHEMA = s.named(
  'SignUp',
  s.object<ReturnType<typeof presentSignUp>>({ person: PROFILE_SCHEMA, organisation: OWNER_ORGANISATION_SCHEMA }),
);
