const ZERO = 0x30;

/**
 * The decimal number written in `text` from `from` to `to` (ASCII digits
 * only); NaN if any character there is no digit. For reading fixed-width
 * dates and times by their characters, without a regular expression.
 */
export function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}
