import { JsonNumber, JsonSyntaxError, parseJson } from '../../../adapters/http/body/lossless-json';

/** The message of the JsonSyntaxError `text` raises; fails when it parses or throws something else. */
function syntaxErrorOf(text: string): string {
  try {
    parseJson(text);
  } catch (error) {
    expect(error).toBeInstanceOf(JsonSyntaxError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(text)} not to parse`);
}

describe('lossless JSON: values', () => {
  it('reads long strings of plain characters between escapes exactly as JSON.parse does', () => {
    const value = { long: 'x'.repeat(1 << 20), mixed: `a\"b\\c\u00e9\n${'é🚀'.repeat(1000)}\t\u0001end`, empty: '' };
    const text = JSON.stringify(value);
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it('keeps numbers as the text that was sent', () => {
    const body = parseJson('{"amount": 12345678901234567.89, "rate": 1.50, "n": -0, "big": 1e400}') as Record<string, JsonNumber>;
    expect(body.amount).toBeInstanceOf(JsonNumber);
    expect(body.amount.text).toBe('12345678901234567.89');
    expect(body.rate.text).toBe('1.50');
    expect(body.n.text).toBe('-0');
    expect(body.big.text).toBe('1e400');
  });

  it('tells integers from other numbers', () => {
    expect(new JsonNumber('12').isInteger).toBe(true);
    expect(new JsonNumber('-3').isInteger).toBe(true);
    expect(new JsonNumber('12.0').isInteger).toBe(false);
    expect(new JsonNumber('1e3').isInteger).toBe(false);
  });

  it('reads strings, escapes, literals, arrays and nesting', () => {
    expect(parseJson(' {"a": [true, false, null, "x\\n\\"y\\" \\u00e9\\ud83d\\ude00 \\/"], "b": {}} ')).toEqual({
      a: [true, false, null, 'x\n"y" é😀 /'],
      b: {},
    });
    expect(parseJson('[]')).toEqual([]);
    expect(parseJson('"just a string"')).toBe('just a string');
  });

  it('lets the last of repeated keys win, as Python does', () => {
    expect(parseJson('{"a": "first", "a": "second"}')).toEqual({ a: 'second' });
  });

  it('keeps "__proto__" as an ordinary own key and pollutes nothing', () => {
    const body = parseJson('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}') as Record<string, unknown>;

    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(body, '__proto__')).toBe(true);
    expect(Object.keys(body)).toEqual(['__proto__', 'constructor']);
    expect((body as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect((Object.prototype as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('refuses nesting deeper than 64 levels instead of overflowing the stack', () => {
    expect(parseJson('['.repeat(64) + ']'.repeat(64))).toBeDefined();
    expect(syntaxErrorOf('['.repeat(65) + ']'.repeat(65))).toMatch(/^Nesting too deep: line 1 column 65 \(char 64\)$/);
    expect(syntaxErrorOf('['.repeat(100_000))).toMatch(/^Nesting too deep/);
  });
});

describe("lossless JSON: Python's error messages", () => {
  it.each([
    ['{"name": ', 'Expecting value: line 1 column 10 (char 9)'],
    ["{'a':1}", 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'],
    ['{"a" 1}', "Expecting ':' delimiter: line 1 column 6 (char 5)"],
    ['[1 2]', "Expecting ',' delimiter: line 1 column 4 (char 3)"],
    ['{"a":1', "Expecting ',' delimiter: line 1 column 7 (char 6)"],
    ['{} x', 'Extra data: line 1 column 4 (char 3)'],
    ['01', 'Extra data: line 1 column 2 (char 1)'],
    ['1.5e', 'Extra data: line 1 column 4 (char 3)'],
    ['{"a": "abc', 'Unterminated string starting at: line 1 column 7 (char 6)'],
    ['"\\x"', 'Invalid \\escape: line 1 column 2 (char 1)'],
    ['"\\u12"', 'Invalid \\uXXXX escape: line 1 column 3 (char 2)'],
    ['"\\u12zz"', 'Invalid \\uXXXX escape: line 1 column 3 (char 2)'],
    ['"a\nb"', 'Invalid control character at: line 1 column 3 (char 2)'],
    ['"a\tb"', 'Invalid control character at: line 1 column 3 (char 2)'],
    ['', 'Expecting value: line 1 column 1 (char 0)'],
    ['   ', 'Expecting value: line 1 column 4 (char 3)'],
    ['tru', 'Expecting value: line 1 column 1 (char 0)'],
    ['-', 'Expecting value: line 1 column 1 (char 0)'],
    ['[1,]', 'Expecting value: line 1 column 4 (char 3)'],
    ['{"a":1,}', 'Expecting property name enclosed in double quotes: line 1 column 8 (char 7)'],
    ['{"a":}', 'Expecting value: line 1 column 6 (char 5)'],
    ['[', 'Expecting value: line 1 column 2 (char 1)'],
  ])('%j: %s', (text, message) => {
    expect(syntaxErrorOf(text)).toBe(message);
  });

  it('counts lines and columns across several lines', () => {
    expect(syntaxErrorOf('{\n  "a": 1,\n  "b": }')).toBe('Expecting value: line 3 column 8 (char 19)');
    expect(syntaxErrorOf('{\r\n  "a": 1\r\n  "b": 2}')).toBe("Expecting ',' delimiter: line 3 column 3 (char 15)");
    expect(syntaxErrorOf('[\n1,\n2\n]\nx')).toBe('Extra data: line 5 column 1 (char 9)');
  });
});
