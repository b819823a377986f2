import { isCurrencyCode } from '../../../../domain/shared/currency';
import { isValidUniqueId } from '../../../../domain/shared/unique-id';

describe('ISO 4217 currency codes', () => {
  it.each(['USD', 'EUR', 'KES', 'JPY', 'ZAR', 'XOF'])('knows %s', (code) => {
    expect(isCurrencyCode(code)).toBe(true);
  });

  it.each(['usd', 'US', 'USDD', 'XYZ', '', 'XAU', 'XDR'])('refuses %j (lower case, unknown, funds and metals)', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
  });
});

describe('unique_id', () => {
  it.each(['a', 'A-Z_09', 'exp-taxi-1', '0196f3c2-7d1e-7000-8000-000000000000', 'x'.repeat(100)])('accepts %j', (value) => {
    expect(isValidUniqueId(value)).toBe(true);
  });

  it.each(['', 'x'.repeat(101), 'has space', 'dot.ted', 'slash/ed', 'café', 'new\nline', 'a\n'])('refuses %j', (value) => {
    expect(isValidUniqueId(value)).toBe(false);
  });
});
