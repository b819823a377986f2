import { randomBytes } from 'node:crypto';
import { IdGenerator } from '../../application/shared/ports';

/** RFC 9562 UUIDv7: 48 bits of milliseconds, then randomness; sorts by creation time. */
export class UuidV7Generator implements IdGenerator {
  next(): string {
    const bytes = randomBytes(16);
    const ms = BigInt(Date.now());
    for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
    bytes[6] = (bytes[6] & 0x0f) | 0x70;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
