import { UuidV7Generator } from '../../../adapters/system/uuid-v7-generator';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const millisecondsOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('UuidV7Generator', () => {
  const ids = new UuidV7Generator();

  it('writes canonical lower-case UUIDs', () => {
    expect(ids.next()).toMatch(UUID);
  });

  it('sets version 7 and the RFC 9562 variant on every id', () => {
    for (let i = 0; i < 200; i++) {
      const id = ids.next();
      expect(id[14]).toBe('7');
      expect(['8', '9', 'a', 'b']).toContain(id[19]);
    }
  });

  it('starts with the creation time in milliseconds', () => {
    const before = Date.now();
    const id = ids.next();
    const afterwards = Date.now();
    expect(millisecondsOf(id)).toBeGreaterThanOrEqual(before);
    expect(millisecondsOf(id)).toBeLessThanOrEqual(afterwards);
  });

  it('sorts ids made in later milliseconds after earlier ones, as text', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(ids.next());
      await sleep(2);
    }
    expect([...made].sort()).toEqual(made);
  });

  it('does not repeat itself', () => {
    const many = new Set(Array.from({ length: 10_000 }, () => ids.next()));
    expect(many.size).toBe(10_000);
  });
});
