import { createHash } from 'node:crypto';
import { Picture } from '../../../domain/shared/picture';
import { API_PREFIX } from './controller';

/** The picture endpoints, as routes declare them. */
export const PICTURE_ROUTES = {
  /** PUT and DELETE: the caller's own picture. */
  mine: `${API_PREFIX}/me/picture`,
  /** GET: a person's picture, for them and for whoever shares an organisation with them. */
  person: `${API_PREFIX}/people/:personUid/picture`,
  /** GET (members), PUT and DELETE (the owner): an organisation's logo. */
  logo: `${API_PREFIX}/organisation/:uid/logo`,
} as const;

/**
 * The absolute URL of a picture's GET endpoint, or null without a picture.
 * `v` names the stored file, so a replaced picture has a URL of its own and
 * no cache (the client's, a proxy's) serves the old one under the new name.
 */
export function pictureUrl(origin: string, path: string, picture: Picture | null): string | null {
  if (!picture) return null;
  return `${origin}${path}/?v=${versionOf(picture)}`;
}

/** A short tag of the storage key (never the key itself: it names internal ids). */
function versionOf(picture: Picture): string {
  return createHash('sha256').update(picture.key).digest('base64url').slice(0, 12);
}

export const personPictureUrl = (origin: string, personUniqueId: string, picture: Picture | null) =>
  pictureUrl(origin, PICTURE_ROUTES.person.replace(':personUid', encodeURIComponent(personUniqueId)), picture);

export const organisationLogoUrl = (origin: string, organisationUniqueId: string, logo: Picture | null) =>
  pictureUrl(origin, PICTURE_ROUTES.logo.replace(':uid', encodeURIComponent(organisationUniqueId)), logo);
