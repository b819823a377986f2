import sharp, { Sharp } from 'sharp';
import { ImageReencoder } from '../../application/shared/image-reencoder';
import { ImageContentType } from '../../domain/shared/file-type';
import { ImageSize, MAX_IMAGE_PIXELS } from '../../domain/shared/image-bounds';

// Each upload is decoded once: libvips' cache of operations would only hold memory.
sharp.cache(false);

/** Quality of the lossy encodings (JPEG, lossy WebP): close to a phone's own, so that a photo loses nothing visible. */
const QUALITY = 90;

/**
 * Images re-encoded by sharp (libvips, shipped inside its npm packages). The
 * header is read without decoding; the decoder refuses anything over the
 * pixel bound again, whatever the header said.
 */
export class SharpImageReencoder implements ImageReencoder {
  async declaredSize(bytes: Uint8Array): Promise<ImageSize | null> {
    try {
      // No pixel limit here: nothing is decoded, and the caller judges the size.
      const { width, height, pages } = await sharp(bytes, { limitInputPixels: false }).metadata();
      return { width, height, frames: pages ?? 1 };
    } catch {
      return null;
    }
  }

  async reencode(bytes: Uint8Array, type: ImageContentType): Promise<Uint8Array | null> {
    // `animated`: every frame of an animated WebP is kept (and counted against the limit).
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, animated: true });
    try {
      // Metadata (EXIF, XMP, IPTC, ICC) is left out unless asked for; the orientation is applied first.
      return await (await encoded(image.autoOrient(), type, bytes)).toBuffer();
    } catch {
      return null;
    }
  }
}

async function encoded(image: Sharp, type: ImageContentType, bytes: Uint8Array): Promise<Sharp> {
  switch (type) {
    case 'image/jpeg':
      return image.jpeg({ quality: QUALITY });
    case 'image/png':
      // A palette image stays one (else it would grow, as truecolour, past its size limit).
      return image.png({ palette: (await image.metadata()).isPalette === true });
    case 'image/webp':
      // A lossless WebP (a logo, a screenshot) stays lossless.
      return image.webp(hasLosslessFrame(bytes) ? { lossless: true } : { quality: QUALITY });
  }
}

/** Whether a WebP holds lossless (VP8L) image data. */
function hasLosslessFrame(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('VP8L', 12, 'latin1');
}
