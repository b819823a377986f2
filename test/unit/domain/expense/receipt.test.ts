import {
  detectReceiptContentType,
  RECEIPT_CONTENT_TYPES,
  RECEIPT_FILE_EXTENSIONS,
  RECEIPT_MAX_BYTES,
} from '../../../../domain/expense/receipt';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('detecting a receipt by its content', () => {
  it.each([
    ['a PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
    ['a PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'image/png'],
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0x00]), 'image/jpeg'],
    ['a WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('recognises %s', (_kind, head, type) => {
    expect(detectReceiptContentType(head)).toBe(type);
  });

  it.each([
    ['a GIF', bytes('GIF89a')],
    ['a WAV (RIFF but not WebP)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a text file named .pdf', bytes('hello %PDF-')],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['an empty file', bytes()],
  ])('refuses %s', (_kind, head) => {
    expect(detectReceiptContentType(head)).toBeNull();
  });

  it('caps receipts at 10 MiB', () => {
    expect(RECEIPT_MAX_BYTES).toBe(10_485_760);
  });
});

describe('the extension of a stored receipt', () => {
  it('follows the detected type, one for each accepted type', () => {
    expect(RECEIPT_CONTENT_TYPES.values.map((type) => RECEIPT_FILE_EXTENSIONS[type])).toEqual(['pdf', 'png', 'jpg', 'webp']);
  });
});
