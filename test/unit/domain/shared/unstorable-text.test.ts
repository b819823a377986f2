import { unstorableTextProblems } from '../../../../domain/shared/field-messages';

describe('text no database can store', () => {
  it('names a NUL character as DRF does', () => {
    expect(unstorableTextProblems('a\u0000b')).toEqual(['Null characters are not allowed.']);
  });

  it('names the first lone surrogate by its code point, high or low', () => {
    expect(unstorableTextProblems('a\uD800b')).toEqual(['Surrogate characters are not allowed: U+D800.']);
    expect(unstorableTextProblems('\uDFFFz\uD801')).toEqual(['Surrogate characters are not allowed: U+DFFF.']);
  });

  it('names both when both are there', () => {
    expect(unstorableTextProblems('\u0000\uDC00')).toEqual(['Null characters are not allowed.', 'Surrogate characters are not allowed: U+DC00.']);
  });

  it('accepts astral characters, whose surrogates come in pairs, and ordinary text', () => {
    expect(unstorableTextProblems('Rockets 🚀 𝄞')).toEqual([]);
    expect(unstorableTextProblems('Café \t\n ß')).toEqual([]);
  });
});
