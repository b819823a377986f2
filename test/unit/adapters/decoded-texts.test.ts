import { DecodedTexts } from '../../../adapters/persistence/typeorm/engine/decoded-texts';

/** Stored texts decoded once each, shared frozen, a changed text decoded again, a refused one never remembered. */
describe('decoded texts', () => {
  const counted = (remembered = 2) => {
    const calls: string[] = [];
    const texts = new DecodedTexts<{ city: string }>((text) => {
      calls.push(text);
      return JSON.parse(text) as { city: string };
    }, remembered);
    return { texts, calls };
  };

  it("decodes a row's text once and answers the same value again", () => {
    const { texts, calls } = counted();
    const first = texts.of('row-1', '{"city":"Lyon"}');
    const second = texts.of('row-1', '{"city":"Lyon"}');
    expect(first).toEqual({ city: 'Lyon' });
    expect(second).toBe(first);
    expect(calls).toHaveLength(1);
  });

  it('decodes a row again once its text has changed', () => {
    const { texts } = counted();
    texts.of('row-1', '{"city":"Lyon"}');
    expect(texts.of('row-1', '{"city":"Paris"}')).toEqual({ city: 'Paris' });
    expect(texts.of('row-1', '{"city":"Lyon"}')).toEqual({ city: 'Lyon' });
  });

  it("keeps each row's value apart", () => {
    const { texts } = counted();
    expect(texts.of('row-1', '{"city":"Lyon"}')).toEqual({ city: 'Lyon' });
    expect(texts.of('row-2', '{"city":"Oslo"}')).toEqual({ city: 'Oslo' });
    expect(texts.of('row-1', '{"city":"Lyon"}')).toEqual({ city: 'Lyon' });
  });

  it('answers null for no text, without decoding', () => {
    const { texts, calls } = counted();
    texts.of('row-1', '{"city":"Lyon"}');
    expect(texts.of('row-1', null)).toBeNull();
    expect(texts.of('row-1', '')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('shares values frozen, so that one reader cannot change what another reads', () => {
    const { texts } = counted();
    const value = texts.of('row-1', '{"city":"Lyon"}') as { city: string };
    expect(() => {
      value.city = 'Paris';
    }).toThrow(TypeError);
    expect(texts.of('row-1', '{"city":"Lyon"}')).toEqual({ city: 'Lyon' });
  });

  it('forgets the least recently read row past its size, and decodes it again', () => {
    const { texts, calls } = counted(2);
    texts.of('a', '{"city":"A"}');
    texts.of('b', '{"city":"B"}');
    texts.of('c', '{"city":"C"}');
    texts.of('a', '{"city":"A"}');
    expect(calls).toEqual(['{"city":"A"}', '{"city":"B"}', '{"city":"C"}', '{"city":"A"}']);
  });

  it('remembers nothing for a text it cannot decode: a tampered text is refused every time, the good one still read', () => {
    const texts = new DecodedTexts<{ ok: boolean }>((text) => {
      if (text !== 'v1.good') throw new Error('Unsupported state or unable to authenticate data');
      return { ok: true };
    }, 10);
    expect(texts.of('row-1', 'v1.good')).toEqual({ ok: true });
    expect(() => texts.of('row-1', 'v1.tampered')).toThrow('unable to authenticate');
    expect(() => texts.of('row-1', 'v1.tampered')).toThrow('unable to authenticate');
    expect(texts.of('row-1', 'v1.good')).toEqual({ ok: true });
  });
});
