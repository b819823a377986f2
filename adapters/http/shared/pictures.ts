import { Context } from 'koa';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { IncomingFile } from '../../../application/shared/incoming-file';
import { PictureDownload } from '../../../application/shared/picture-files';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../../../domain/shared/image-bounds';
import { Picture, PICTURE_CONTENT_TYPES, PICTURE_FIELD, PICTURE_MAX_BYTES } from '../../../domain/shared/picture';
import { fields } from '../validation/fields';
import { fileField } from '../validation/file-field';
import { Input } from '../validation/input';
import { API_PREFIX } from './controller';
import type { Answer, BodyParameters } from './operation';

/** The picture endpoints, as routes declare them. */
export const PICTURE_ROUTES = {
  /** PUT and DELETE: the caller's own picture. */
  mine: `${API_PREFIX}/me/picture`,
  /** GET: a person's picture, for them and for whoever shares an organisation with them. */
  person: `${API_PREFIX}/people/:personUid/picture`,
  /** GET (members), PUT and DELETE (the owner): an organisation's logo. */
  logo: `${API_PREFIX}/organisation/:org/logo`,
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
  pictureUrl(origin, PICTURE_ROUTES.logo.replace(':org', encodeURIComponent(organisationUniqueId)), logo);

/** The body of both picture uploads: one image on the multipart field `picture`. */
export class PictureInput {
  @Input(PICTURE_FIELD, fileField({ required: true }), {
    description: `A PNG, JPEG or WebP (by content) of at most 5 MiB, ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS} pixels in all; kept re-encoded, upright and without EXIF, XMP or IPTC metadata.`,
  })
  picture!: IncomingFile;
}

/**
 * The `v` of a picture's URL, for the API description: the server does not
 * read it (any value, or none, answers the current picture), but the URLs it
 * hands out carry it, so clients send it.
 */
export class PictureVersionQuery {
  @Input('v', fields.text({ allowBlank: true }), {
    description: 'The version of the picture its URL (`profile_picture_url`, `logo_url`) names; not read: any value, or none, answers the current picture. A new picture has a new URL, so no cache answers the old one under it.',
  })
  version?: string;
}

/** What a picture upload reads: multipart only carries a file, and at most 5 MiB of it (413 beyond). */
export const PICTURE_BODY: BodyParameters = { input: PictureInput, multipart: true, fileLimit: PICTURE_MAX_BYTES };

/** The GET of a picture: the image as stored, for the caller alone. */
export const PICTURE_ANSWER: Answer = {
  status: 200,
  description: 'The image, with its detected type.',
  media: { types: PICTURE_CONTENT_TYPES.values, description: 'The image as re-encoded on upload' },
  headers: { 'Cache-Control': true },
};

/**
 * Streams a picture. `private`: it is for the caller's eyes (no shared cache
 * may keep it), while their own browser may, since a new picture has a new URL.
 */
export function sendPicture(ctx: Context, picture: PictureDownload): void {
  ctx.type = picture.contentType;
  ctx.length = picture.size;
  ctx.set('Cache-Control', 'private, max-age=86400');
  ctx.body = Readable.from(picture.content);
}
