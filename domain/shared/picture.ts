import { Choices, ChoiceOf } from './choices';
import { ValidationFailed } from './errors';
import { StoredFile } from './file-type';

export const PICTURE_CONTENT_TYPES = new Choices([
  ['image/png', 'PNG'],
  ['image/jpeg', 'JPEG'],
  ['image/webp', 'WebP'],
] as const);
export type PictureContentType = ChoiceOf<typeof PICTURE_CONTENT_TYPES>;

/** Beyond this the upload is refused before it reaches the domain (413). */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** The multipart field of both picture uploads (profile picture, organisation logo). */
export const PICTURE_FIELD = 'picture';

/** Django's ImageField message for anything that is not an image, as DRF answers it. */
export const INVALID_PICTURE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';

/**
 * A person's profile picture or an organisation's logo: a stored PNG, JPEG or
 * WebP image of at most 5 MiB. The domain keeps the reference, the storage the bytes.
 */
export class Picture implements StoredFile<PictureContentType> {
  private constructor(
    readonly key: string,
    readonly contentType: PictureContentType,
    readonly size: number,
  ) {}

  /** From a stored file (an upload just stored, or one read back): only an image of an accepted kind and size is one. */
  static of(file: StoredFile): Picture {
    if (!PICTURE_CONTENT_TYPES.has(file.contentType)) throw ValidationFailed.field(PICTURE_FIELD, INVALID_PICTURE);
    if (file.size === 0) throw ValidationFailed.field(PICTURE_FIELD, 'The submitted file is empty.');
    if (file.size > PICTURE_MAX_BYTES) throw ValidationFailed.field(PICTURE_FIELD, 'The submitted file is too large.');
    return new Picture(file.key, file.contentType, file.size);
  }

  equals(other: Picture | null): boolean {
    return other !== null && other.key === this.key;
  }
}
