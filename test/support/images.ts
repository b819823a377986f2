import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { PICTURE_FILES } from './pictures';

/**
 * Images built byte by byte: headers that declare more pixels than the file
 * holds (decompression bombs), and a phone photo's metadata.
 */

const ascii = (text: string) => Buffer.from(text, 'latin1');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([ascii(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few bytes whose header declares `width` × `height` RGB pixels. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Compressed zeros stand for the pixels: a bomb's few kilobytes would expand to gigabytes.
  const data = deflateSync(Buffer.alloc(1024));
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', data), pngChunk('IEND', Buffer.alloc(0))]);
}

/** The offset of a JPEG's frame header (SOF0 to SOF2). */
function frameHeaderAt(jpeg: Buffer): number {
  for (let at = 2; at < jpeg.length; at += 2 + jpeg.readUInt16BE(at + 2)) {
    if (jpeg[at] === 0xff && jpeg[at + 1] >= 0xc0 && jpeg[at + 1] <= 0xc2) return at;
  }
  throw new Error('no frame header');
}

/** A small real JPEG whose frame header is changed to declare `width` × `height` pixels. */
export function jpegDeclaring(width: number, height: number): Buffer {
  const jpeg = Buffer.from(PICTURE_FILES.jpeg.bytes);
  const frame = frameHeaderAt(jpeg);
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}

/** Latitude 48° 51′ 29.6″ N, longitude 2° 17′ 40.2″ E, as EXIF rationals: where the photo was taken. */
export const GPS_LATITUDE = rationals([48, 1], [51, 1], [296, 10]);
export const GPS_LONGITUDE = rationals([2, 1], [17, 1], [402, 10]);

function rationals(...values: [number, number][]): Buffer {
  const bytes = Buffer.alloc(8 * values.length);
  values.forEach(([numerator, denominator], i) => {
    bytes.writeUInt32LE(numerator, 8 * i);
    bytes.writeUInt32LE(denominator, 8 * i + 4);
  });
  return bytes;
}

/**
 * An EXIF block (little-endian TIFF) as a phone writes it: its make, the
 * orientation to show the picture in, and a GPS directory with the position.
 */
function exifBlock(orientation: number): Buffer {
  const tiff = Buffer.alloc(158);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    if (type === 3) tiff.writeUInt16LE(value, at + 8);
    else tiff.writeUInt32LE(value, at + 8);
  };
  const [ASCII, SHORT, LONG, RATIONAL] = [2, 3, 4, 5];
  // IFD0 at 8: Make, Orientation, GPSInfo; its values from 50.
  tiff.writeUInt16LE(3, 8);
  entry(10, 0x010f, ASCII, 6, 50);
  entry(22, 0x0112, SHORT, 1, orientation);
  entry(34, 0x8825, LONG, 1, 56);
  tiff.write('Phone\0', 50, 'latin1');
  // The GPS directory at 56: latitude and longitude with their references; the rationals from 110.
  tiff.writeUInt16LE(4, 56);
  entry(58, 0x0001, ASCII, 2, 0);
  tiff.write('N\0', 66, 'latin1');
  entry(70, 0x0002, RATIONAL, 3, 110);
  entry(82, 0x0003, ASCII, 2, 0);
  tiff.write('E\0', 90, 'latin1');
  entry(94, 0x0004, RATIONAL, 3, 134);
  GPS_LATITUDE.copy(tiff, 110);
  GPS_LONGITUDE.copy(tiff, 134);
  return Buffer.concat([ascii('Exif\0\0'), tiff]);
}

/** An XMP packet naming the same position, as photo editors add it. */
const XMP = Buffer.concat([
  ascii('http://ns.adobe.com/xap/1.0/\0'),
  ascii('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'),
  ascii('<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.493N" exif:GPSLongitude="2,17.670E"/>'),
  ascii('</rdf:RDF></x:xmpmeta>'),
]);

function app1(payload: Buffer): Buffer {
  const marker = Buffer.from([0xff, 0xe1, 0, 0]);
  marker.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([marker, payload]);
}

/**
 * A phone photo: the 8 × 6 JPEG of PICTURE_FILES with EXIF (make, GPS position,
 * `orientation`: 6 says "turn a quarter clockwise to show", so it is 6 × 8 upright) and XMP.
 */
export function photoWithPosition(orientation = 6): Buffer {
  const jpeg = PICTURE_FILES.jpeg.bytes;
  return Buffer.concat([jpeg.subarray(0, 2), app1(exifBlock(orientation)), app1(XMP), jpeg.subarray(2)]);
}

/** What a decoder makes of the bytes: type, the size the image is shown at, and whether anything of the photo's metadata is left. */
export async function imageIn(bytes: Buffer): Promise<{ format: string; width: number; height: number; metadata: string[] }> {
  const { format, autoOrient, exif, xmp, iptc, orientation } = await sharp(bytes).metadata();
  await sharp(bytes, { failOn: 'error' }).raw().toBuffer(); // the pixels decode
  const left = { exif, xmp, iptc, orientation, 'Exif header': bytes.includes('Exif\0'), 'GPS latitude': bytes.includes(GPS_LATITUDE), make: bytes.includes('Phone') };
  return { format, ...autoOrient, metadata: Object.entries(left).filter(([, value]) => value).map(([name]) => name) };
}
