import { inject, injectable } from 'inversify';
import { NotFound } from '../../domain/shared/errors';
import { INVALID_PICTURE, Picture, PICTURE_CONTENT_TYPES, PICTURE_FIELD, PICTURE_MAX_BYTES, PictureContentType } from '../../domain/shared/picture';
import { FILE_STORAGE_TOKENS, FileStorage } from './file-storage';
import { IncomingFile } from './incoming-file';
import { IMAGE_TOKENS, ImageReencoder } from './image-reencoder';
import { FileKeeping, StoredFiles } from './stored-files';

/** A picture's bytes as a GET streams them. */
export interface PictureDownload {
  contentType: PictureContentType;
  size: number;
  content: AsyncIterable<Uint8Array>;
}

/**
 * Profile pictures and organisation logos: a PNG, JPEG or WebP (by content)
 * of at most 5 MiB on the `picture` field, kept as `StoredFiles` keeps files.
 */
@injectable()
export class PictureFiles extends StoredFiles<PictureContentType> {
  constructor(
    @inject(FILE_STORAGE_TOKENS.Pictures) storage: FileStorage,
    @inject(IMAGE_TOKENS.Reencoder) images: ImageReencoder,
    @inject(FileKeeping) keeping: FileKeeping,
  ) {
    super(storage, 'pictures', { field: PICTURE_FIELD, accepts: PICTURE_CONTENT_TYPES, maxBytes: PICTURE_MAX_BYTES, invalid: INVALID_PICTURE }, images, keeping);
  }

  /** Runs `work` with the upload stored as a picture of `ownerId` (a person, an organisation). */
  storedAsPicture<R>(ownerId: string, file: IncomingFile, work: (picture: Picture) => Promise<R>): Promise<R> {
    return this.storedFor(ownerId, file, (stored) => work(Picture.of(stored!)));
  }

  /** The picture's bytes; a picture whose file is gone is as good as none (404). */
  async download(picture: Picture | null): Promise<PictureDownload> {
    const content = picture ? await this.read(picture) : null;
    if (!picture || !content) throw new NotFound();
    return { contentType: picture.contentType, size: picture.size, content };
  }
}
