import { injectable } from 'inversify';
import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';
import { PasswordHasher } from '../../application/auth/auth.ports';

/** Node's memory-hard scrypt; the cost parameters travel inside each hash. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's minimum for scrypt: 128 MiB and about 0.4 s of one core per hash. */
export const PRODUCTION_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/** The memory one hash takes: 128 · N · r bytes (and p lanes one after the other). */
function memoryOf(cost: ScryptCost): number {
  return 128 * cost.N * cost.r;
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 2 * memoryOf(cost) };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 32, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

function parse(hash: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const [scheme, N, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  return { cost: { N: Number(N), r: Number(r), p: Number(p) }, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

/**
 * At most `size` holders at once; the others wait in arrival order. It bounds
 * this process's memory (each hash holds `128 · N · r` bytes), so it is the
 * process's own and nothing to share between instances.
 */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

export interface ScryptOptionsOfService {
  /** Hashes computed at once; the rest queue. Two at production cost hold 256 MiB. */
  concurrency?: number;
}

@injectable()
export class ScryptPasswordHasher implements PasswordHasher {
  private readonly slots: Slots;

  constructor(
    private readonly cost: ScryptCost = PRODUCTION_SCRYPT_COST,
    options: ScryptOptionsOfService = {},
  ) {
    this.slots = new Slots(options.concurrency ?? 2);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await this.slots.run(() => derive(password, salt, this.cost));
    const { N, r, p } = this.cost;
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  async verify(password: string, hash: string): Promise<boolean> {
    const stored = parse(hash);
    if (!stored) return false;
    const actual = await this.slots.run(() => derive(password, stored.salt, stored.cost));
    return actual.length === stored.key.length && timingSafeEqual(actual, stored.key);
  }

  /** A hash made at other cost parameters than new ones are made at (an older default, most often). */
  needsRehash(hash: string): boolean {
    const stored = parse(hash);
    if (!stored) return true;
    return stored.cost.N !== this.cost.N || stored.cost.r !== this.cost.r || stored.cost.p !== this.cost.p;
  }
}
