/**
 * How large an uploaded image may be, judged on the size its header declares
 * before anything decodes it: a file of a few kilobytes can declare 60 000 ×
 * 60 000 pixels, which takes gigabytes to decode, here and in every browser
 * that shows it (a decompression bomb). See docs/decisions/pictures.md.
 */
export interface ImageSize {
  width: number;
  height: number;
  /** More than one for an animation: each frame is decoded in full. */
  frames: number;
}

/** Pixels in all (every frame counted): about 200 MB once decoded, a 48-megapixel phone photo still fits. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Pixels a side: the longest WebP can encode (16 383), rounded; no legitimate picture or receipt is longer. */
export const MAX_IMAGE_SIDE = 16_384;

/** Why the image is too large to decode, in the words of Pillow's decompression-bomb check; null when it is not. */
export function imageTooLarge({ width, height, frames }: ImageSize): string | null {
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    return `Image size (${width} × ${height} pixels) exceeds the limit of ${MAX_IMAGE_SIDE} pixels a side.`;
  }
  const pixels = width * height * frames;
  if (pixels > MAX_IMAGE_PIXELS) {
    const counted = frames > 1 ? `${pixels} pixels in ${frames} frames` : `${pixels} pixels`;
    return `Image size (${counted}) exceeds the limit of ${MAX_IMAGE_PIXELS} pixels.`;
  }
  return null;
}
