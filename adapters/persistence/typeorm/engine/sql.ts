import { LRUCache } from 'lru-cache';
import { Dialect } from './dialect';

/** A statement and its positional parameters, ready for the engine's driver. */
export interface SqlQuery {
  sql: string;
  parameters: unknown[];
  /** No list was spread into it: its text is one of a few the code writes, worth preparing once and keeping. */
  reusable?: boolean;
  /**
   * Its rows are hydrated as an entity's (`TypeOrmDatabase.hydrate`), which
   * reads dates and date-times from their text: Postgres leaves them as text.
   */
  hydrated?: boolean;
}

/** `query`, whose rows are to be hydrated as an entity's. */
export function forHydration(query: SqlQuery): SqlQuery {
  // Not `{ ...query, hydrated: true }`: a property added after a spread costs V8 (Node 20) a new hidden class every time.
  return { sql: query.sql, parameters: query.parameters, reusable: query.reusable, hydrated: true };
}

export type NamedParameters = Record<string, unknown>;

/**
 * SQL conditions joined by AND, written with named parameters as TypeORM's
 * query builder takes them (`r.status = :status`, `r.id IN (:...ids)`), so
 * that a repository's list filters read the same whichever runs them.
 */
export class Conditions {
  private readonly parts: string[] = [];
  readonly parameters: NamedParameters = {};
  /** Whether a condition selects rows through a search index (SQLite FTS5), which then drives a count. */
  searchIndexed = false;
  /** Whether a search is to test each row's keys rather than read the search index (a walk in the list's order). */
  scanSearch = false;

  constructor(condition?: string, parameters?: NamedParameters) {
    if (condition) this.andWhere(condition, parameters);
  }

  andWhere(condition: string, parameters: NamedParameters = {}): this {
    this.parts.push(this.parts.length === 0 ? condition : `(${condition})`);
    Object.assign(this.parameters, parameters);
    return this;
  }

  /** How many conditions were added. */
  get size(): number {
    return this.parts.length;
  }

  get sql(): string {
    return this.parts.length === 0 ? '1 = 1' : this.parts.join(' AND ');
  }
}

// `:name` and `:...name`, but not a Postgres cast (`::text`).
const NAMED = /(?<![:\w]):(\.\.\.)?([A-Za-z_]\w*)/g;

/** A text's named parameters, found once: the text between them, and each one's name and whether it spreads a list. */
interface Template {
  pieces: string[];
  slots: { name: string; spread: boolean }[];
  /**
   * Without spread lists, the positional text of each dialect, the first one
   * made: the same string every call, whose hash V8 has kept, where a text
   * built anew on each call is flattened and hashed again by every cache it is
   * looked up in (a statement's text is the key of its prepared statement).
   */
  texts: Partial<Record<Dialect, string>>;
}

/** How many texts' templates are kept: the code writes a few hundred. */
const TEMPLATES_KEPT = 500;
const templates = new LRUCache<string, Template>({ max: TEMPLATES_KEPT });

function templateOf(text: string): Template {
  let template = templates.get(text);
  if (!template) {
    const pieces: string[] = [];
    const slots: Template['slots'] = [];
    let last = 0;
    for (const match of text.matchAll(NAMED)) {
      pieces.push(text.slice(last, match.index));
      slots.push({ name: match[2], spread: match[1] !== undefined });
      last = match.index! + match[0].length;
    }
    pieces.push(text.slice(last));
    template = { pieces, slots, texts: {} };
    templates.set(text, template);
  }
  return template;
}

/**
 * Named parameters as the engine's positional ones (`?` on SQLite, `$n` on
 * Postgres); `:...name` spreads a list. A name used twice is bound twice.
 * SQLite binds neither booleans nor dates: they become 1/0 and TypeORM's
 * UTC text, as TypeORM itself writes them. Each text is read for its names
 * once (every request runs a few), not scanned on every call.
 */
export function positional(dialect: Dialect, text: string, named: NamedParameters): SqlQuery {
  const template = templateOf(text);
  const { pieces, slots } = template;
  const parameters: unknown[] = [];
  let reusable = true;
  let sql = pieces[0];
  const bind = (value: unknown): string => {
    parameters.push(dialect === 'sqlite' ? sqliteValue(value) : value);
    return dialect === 'sqlite' ? '?' : `$${parameters.length}`;
  };
  for (let i = 0; i < slots.length; i++) {
    const { name, spread } = slots[i];
    if (!(name in named)) throw new Error(`No value for the SQL parameter :${name}`);
    const value = named[name];
    if (spread) {
      if (!Array.isArray(value) || value.length === 0) throw new Error(`The SQL parameter :...${name} needs a non-empty list`);
      reusable = false;
      sql += value.map(bind).join(', ');
    } else {
      sql += bind(value);
    }
    sql += pieces[i + 1];
  }
  return { sql: reusable ? (template.texts[dialect] ??= sql) : sql, parameters, reusable };
}

function sqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace('T', ' ').replace('Z', '');
  return value;
}
