import sharp from 'sharp';
import { SharpImageReencoder } from '../../../../adapters/images/sharp-image-reencoder';
import { imageIn, jpegDeclaring, photoWithPosition, pngDeclaring } from '../../../support/images';
import { PICTURE_FILES } from '../../../support/pictures';

const images = new SharpImageReencoder();
const ascii = (text: string) => Buffer.from(text, 'latin1');
const reencoded = async (bytes: Buffer, type: 'image/png' | 'image/jpeg' | 'image/webp') => Buffer.from((await images.reencode(bytes, type))!);

/** Four frames of 16 × 16, each a colour of its own. */
async function animatedWebp(): Promise<Buffer> {
  const frames = await Promise.all(
    ['#f00', '#0f0', '#00f', '#ff0'].map((background) => sharp({ create: { width: 16, height: 16, channels: 3, background } }).png().toBuffer()),
  );
  return sharp(frames, { join: { animated: true } }).webp({ quality: 80, delay: 100 }).toBuffer();
}

describe('SharpImageReencoder', () => {
  it('reads the size a header declares without decoding the pixels, frames counted', async () => {
    await expect(images.declaredSize(pngDeclaring(60_000, 60_000))).resolves.toEqual({ width: 60_000, height: 60_000, frames: 1 });
    await expect(images.declaredSize(jpegDeclaring(40_000, 30_000))).resolves.toEqual({ width: 40_000, height: 30_000, frames: 1 });
    await expect(images.declaredSize(await animatedWebp())).resolves.toEqual({ width: 16, height: 16, frames: 4 });
  });

  it('reads no size from what is no image', async () => {
    await expect(images.declaredSize(ascii('just some text'))).resolves.toBeNull();
    await expect(images.declaredSize(PICTURE_FILES.png.bytes.subarray(0, 20))).resolves.toBeNull();
  });

  it('gives nothing for an image that does not decode', async () => {
    await expect(images.reencode(Buffer.concat([PICTURE_FILES.png.bytes.subarray(0, 40), ascii('broken')]), 'image/png')).resolves.toBeNull();
  });

  it('decodes no image over the pixel bound, whoever asks', async () => {
    // A real image of one colour: 50 410 000 pixels in a few kilobytes.
    const large = await sharp({ create: { width: 7100, height: 7100, channels: 3, background: '#000' } }).png().toBuffer();
    await expect(images.reencode(large, 'image/png')).resolves.toBeNull();
  });

  it('turns a photo upright by its orientation and leaves out its EXIF and XMP', async () => {
    expect(await imageIn(await reencoded(photoWithPosition(), 'image/jpeg'))).toEqual({ format: 'jpeg', width: 6, height: 8, metadata: [] });
  });

  it('leaves out the text and EXIF chunks of a PNG', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .withExif({ IFD0: { Make: 'Phone' } })
      .withMetadata({ density: 300 })
      .toBuffer();
    expect(png.includes('Phone')).toBe(true);
    const kept = await reencoded(png, 'image/png');
    expect(kept.includes('Phone')).toBe(false);
    expect(['eXIf', 'tEXt', 'iTXt', 'zTXt'].filter((chunk) => kept.includes(chunk))).toEqual([]);
    expect(await imageIn(kept)).toEqual({ format: 'png', width: 4, height: 4, metadata: [] });
  });

  it('keeps a palette PNG a palette PNG, and a lossless WebP lossless', async () => {
    const palette = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#804020' } }).png({ palette: true }).toBuffer();
    expect((await sharp(await reencoded(palette, 'image/png')).metadata()).isPalette).toBe(true);
    expect((await reencoded(PICTURE_FILES.webp.bytes, 'image/webp')).includes('VP8L')).toBe(true);
    const lossy = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#804020' } }).webp({ quality: 80 }).toBuffer();
    expect((await reencoded(lossy, 'image/webp')).includes('VP8L')).toBe(false);
  });

  it('keeps every frame of an animated WebP', async () => {
    const kept = await reencoded(await animatedWebp(), 'image/webp');
    expect(await sharp(kept).metadata()).toMatchObject({ format: 'webp', width: 16, pages: 4 });
  });
});
