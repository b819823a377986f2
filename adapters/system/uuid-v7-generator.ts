import { randomFillSync } from 'node:crypto';
import { IdGenerator } from '../../application/shared/ports';

/** Ids whose random bits are drawn from the system's generator at once: one call per 256 ids, not one per id. */
const POOLED_IDS = 256;

/** RFC 9562 UUIDv7: 48 bits of milliseconds, then randomness; sorts by creation time. */
export class UuidV7Generator implements IdGenerator {
  private readonly pool = Buffer.alloc(16 * POOLED_IDS);
  private used = POOLED_IDS;

  next(): string {
    if (this.used === POOLED_IDS) {
      randomFillSync(this.pool);
      this.used = 0;
    }
    // Each id's 16 bytes are used once: the time and version bits overwrite part of them.
    const bytes = this.pool.subarray(16 * this.used, 16 * (this.used + 1));
    this.used += 1;
    let ms = Date.now();
    for (let i = 5; i >= 0; i--) {
      bytes[i] = ms % 256;
      ms = Math.floor(ms / 256);
    }
    bytes[6] = (bytes[6] & 0x0f) | 0x70;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
