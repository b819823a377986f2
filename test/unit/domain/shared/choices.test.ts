import { Choices } from '../../../../domain/shared/choices';
import { BANK_ACCOUNT_TYPES, FINANCIAL_YEAR_ENDS, LANGUAGES } from '../../../../domain/shared/enumerations';

const COLOURS = new Choices([
  ['red', 'Red'],
  ['dark_blue', 'Dark Blue'],
] as const);

describe('Choices', () => {
  it('lists its values in declaration order', () => {
    expect(COLOURS.values).toEqual(['red', 'dark_blue']);
  });

  it('recognises only its own string values', () => {
    expect(COLOURS.has('red')).toBe(true);
    expect(COLOURS.has('Red')).toBe(false);
    expect(COLOURS.has('')).toBe(false);
    expect(COLOURS.has(3)).toBe(false);
    expect(COLOURS.has(null)).toBe(false);
    expect(COLOURS.has('toString')).toBe(false);
  });

  it('gives the display label, and null for no value', () => {
    expect(COLOURS.label('dark_blue')).toBe('Dark Blue');
    expect(COLOURS.label(null)).toBeNull();
    expect(COLOURS.label(undefined)).toBeNull();
  });

  it('carries the labels of the spec enumerations', () => {
    expect(LANGUAGES.label('zh-hans')).toBe('Simplified Chinese');
    expect(BANK_ACCOUNT_TYPES.values).toEqual(['checking', 'savings', 'business', 'other']);
    expect(FINANCIAL_YEAR_ENDS.label('02-28')).toBe('28 February');
    expect(FINANCIAL_YEAR_ENDS.values).toHaveLength(12);
  });
});
