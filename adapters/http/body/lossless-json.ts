/**
 * A JSON parser that keeps numbers as their source text, so that a money
 * amount sent as a JSON number is read to the last digit, and that reports
 * syntax errors as DRF clients see them from Python's `json` module.
 */
export class JsonNumber {
  constructor(readonly text: string) {}

  get isInteger(): boolean {
    return !/[.eE]/.test(this.text);
  }
}

export class JsonSyntaxError extends Error {}

export function parseJson(text: string): unknown {
  return new Parser(text).parseDocument();
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** Characters a JSON string holds as they are: anything but a quote, a backslash or a control character. */
const PLAIN_RUN = /[^"\\\u0000-\u001f]+/y;

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const MAX_DEPTH = 64;

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  parseDocument(): unknown {
    this.skipWhitespace();
    const value = this.parseValue();
    this.skipWhitespace();
    if (this.pos < this.text.length) this.fail('Extra data', this.pos);
    return value;
  }

  private parseValue(): unknown {
    const ch = this.text[this.pos];
    if (ch === '{') return this.nested(() => this.parseObject());
    if (ch === '[') return this.nested(() => this.parseArray());
    if (ch === '"') return this.parseString();
    if (this.text.startsWith('true', this.pos)) return this.literal(4, true);
    if (this.text.startsWith('false', this.pos)) return this.literal(5, false);
    if (this.text.startsWith('null', this.pos)) return this.literal(4, null);
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (match) {
      this.pos += match[0].length;
      return new JsonNumber(match[0]);
    }
    return this.fail('Expecting value', this.pos);
  }

  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_DEPTH) this.fail('Nesting too deep', this.pos);
    const value = parse();
    this.depth--;
    return value;
  }

  private literal<T>(length: number, value: T): T {
    this.pos += length;
    return value;
  }

  private parseObject(): Record<string, unknown> {
    const result: Record<string, unknown> = Object.create(null);
    this.pos++;
    this.skipWhitespace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return { ...result };
    }
    for (;;) {
      if (this.text[this.pos] !== '"') this.fail('Expecting property name enclosed in double quotes', this.pos);
      const key = this.parseString();
      this.skipWhitespace();
      if (this.text[this.pos] !== ':') this.fail("Expecting ':' delimiter", this.pos);
      this.pos++;
      this.skipWhitespace();
      result[key] = this.parseValue();
      this.skipWhitespace();
      const ch = this.text[this.pos];
      if (ch === '}') {
        this.pos++;
        return { ...result };
      }
      if (ch !== ',') this.fail("Expecting ',' delimiter", this.pos);
      this.pos++;
      this.skipWhitespace();
    }
  }

  private parseArray(): unknown[] {
    const result: unknown[] = [];
    this.pos++;
    this.skipWhitespace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return result;
    }
    for (;;) {
      result.push(this.parseValue());
      this.skipWhitespace();
      const ch = this.text[this.pos];
      if (ch === ']') {
        this.pos++;
        return result;
      }
      if (ch !== ',') this.fail("Expecting ',' delimiter", this.pos);
      this.pos++;
      this.skipWhitespace();
    }
  }

  private parseString(): string {
    const start = this.pos;
    this.pos++;
    let out = '';
    for (;;) {
      // A run of plain characters is taken whole: a megabyte-long string is one slice, not a million appends.
      PLAIN_RUN.lastIndex = this.pos;
      if (PLAIN_RUN.test(this.text)) {
        out += this.text.slice(this.pos, PLAIN_RUN.lastIndex);
        this.pos = PLAIN_RUN.lastIndex;
      }
      if (this.pos >= this.text.length) this.fail('Unterminated string starting at', start);
      const ch = this.text[this.pos];
      if (ch === '"') {
        this.pos++;
        return out;
      }
      if (ch < ' ') this.fail('Invalid control character at', this.pos);
      if (ch !== '\\') {
        out += ch;
        this.pos++;
        continue;
      }
      const escape = this.text[this.pos + 1];
      if (escape === undefined) this.fail('Unterminated string starting at', start);
      if (escape === 'u') {
        const hex = this.text.slice(this.pos + 2, this.pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Invalid \\uXXXX escape', this.pos + 1);
        out += String.fromCharCode(parseInt(hex, 16));
        this.pos += 6;
      } else if (escape !== undefined && escape in ESCAPES) {
        out += ESCAPES[escape];
        this.pos += 2;
      } else {
        this.fail('Invalid \\escape', this.pos);
      }
    }
  }

  private skipWhitespace(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text[this.pos])) this.pos++;
  }

  /** Positions count code points, as Python's do, not UTF-16 units. */
  private fail(message: string, at: number): never {
    const before = Array.from(this.text.slice(0, at));
    const lastNewline = before.lastIndexOf('\n');
    const line = before.filter((ch) => ch === '\n').length + 1;
    const column = before.length - lastNewline;
    throw new JsonSyntaxError(`${message}: line ${line} column ${column} (char ${before.length})`);
  }
}
