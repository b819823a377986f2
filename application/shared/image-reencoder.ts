import { ImageContentType } from '../../domain/shared/file-type';
import { ImageSize } from '../../domain/shared/image-bounds';

/**
 * Uploaded raster images made safe to keep and serve: their size read from
 * the header first, then the pixels encoded afresh, so that nothing of the
 * original file but the picture itself is kept.
 */
export interface ImageReencoder {
  /** The size the image's header declares, read without decoding the pixels; null when it is no image it can read. */
  declaredSize(bytes: Uint8Array): Promise<ImageSize | null>;
  /**
   * The image decoded and encoded again in its own format, turned upright by
   * its EXIF orientation, with no metadata left (EXIF with its GPS position,
   * XMP, IPTC; colours converted to sRGB); null when it does not decode.
   */
  reencode(bytes: Uint8Array, type: ImageContentType): Promise<Uint8Array | null>;
}

export const IMAGE_TOKENS = {
  Reencoder: Symbol.for('ImageReencoder'),
} as const satisfies Record<string, symbol>;
