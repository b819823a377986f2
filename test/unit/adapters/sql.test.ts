import { Conditions, positional } from '../../../adapters/persistence/typeorm/engine/sql';

describe('positional parameters', () => {
  it('numbers Postgres parameters in order and binds a name used twice twice', () => {
    expect(positional('postgres', 'a = :a AND (b = :b OR c = :a)', { a: 1, b: 'x' })).toEqual({
      sql: 'a = $1 AND (b = $2 OR c = $3)',
      parameters: [1, 'x', 1],
      // The same text whatever the values: a statement worth preparing once.
      reusable: true,
    });
  });

  it('spreads a list into one parameter per value', () => {
    expect(positional('sqlite', 'r.id IN (:...ids) AND r.x = :x', { ids: ['a', 'b', 'c'], x: 2 })).toEqual({
      sql: 'r.id IN (?, ?, ?) AND r.x = ?',
      parameters: ['a', 'b', 'c', 2],
      // Its text changes with the list's length: not one to keep prepared.
      reusable: false,
    });
  });

  it('leaves Postgres casts and quoted colons of the SQL alone', () => {
    expect(positional('postgres', "r.x::text = :x AND r.t LIKE :t ESCAPE '\\'", { x: 1, t: '%a%' }).sql).toBe(
      "r.x::text = $1 AND r.t LIKE $2 ESCAPE '\\'",
    );
  });

  it('gives SQLite booleans as 1/0 and dates as TypeORM writes them', () => {
    const { parameters } = positional('sqlite', ':yes :no :when', { yes: true, no: false, when: new Date('2026-01-02T03:04:05.678Z') });
    expect(parameters).toEqual([1, 0, '2026-01-02 03:04:05.678']);
    expect(positional('postgres', ':yes', { yes: true }).parameters).toEqual([true]);
  });

  it('reads a text again with new values: each call binds its own, a spread list at its own length', () => {
    const text = 'r.org = :org AND r.id IN (:...ids) AND r.x > :x';
    expect(positional('postgres', text, { org: 'o1', ids: ['a'], x: 1 })).toEqual({
      sql: 'r.org = $1 AND r.id IN ($2) AND r.x > $3',
      parameters: ['o1', 'a', 1],
      reusable: false,
    });
    expect(positional('postgres', text, { org: 'o2', ids: ['b', 'c', 'd'], x: 5 })).toEqual({
      sql: 'r.org = $1 AND r.id IN ($2, $3, $4) AND r.x > $5',
      parameters: ['o2', 'b', 'c', 'd', 5],
      reusable: false,
    });
    expect(positional('sqlite', 'SELECT 1', {})).toEqual({ sql: 'SELECT 1', parameters: [], reusable: true });
    expect(positional('sqlite', ':a', { a: 'only' })).toEqual({ sql: '?', parameters: ['only'], reusable: true });
  });

  it('keeps the text of a statement without a spread list, each dialect its own, while each call binds its own values', () => {
    const text = 'r.org = :org AND r.x > :x AND r.y = :org';
    const first = positional('sqlite', text, { org: 'o1', x: 1 });
    expect(first).toEqual({ sql: 'r.org = ? AND r.x > ? AND r.y = ?', parameters: ['o1', 1, 'o1'], reusable: true });
    expect(positional('postgres', text, { org: 'o2', x: 2 })).toEqual({ sql: 'r.org = $1 AND r.x > $2 AND r.y = $3', parameters: ['o2', 2, 'o2'], reusable: true });
    const again = positional('sqlite', text, { org: 'o3', x: true });
    expect(again).toEqual({ sql: first.sql, parameters: ['o3', 1, 'o3'], reusable: true });
    expect(first.parameters).toEqual(['o1', 1, 'o1']);
  });

  it('refuses a missing value and an empty list rather than sending wrong SQL', () => {
    expect(() => positional('sqlite', 'r.x = :x', {})).toThrow(':x');
    expect(positional('sqlite', 'r.x = :x', { x: 1 }).parameters).toEqual([1]);
    expect(() => positional('sqlite', 'r.x = :x', {})).toThrow(':x');
    expect(() => positional('sqlite', 'r.id IN (:...ids)', { ids: [] })).toThrow(':...ids');
  });
});

describe('Conditions', () => {
  it('joins conditions with AND, each in parentheses after the first, and gathers their parameters', () => {
    const conditions = new Conditions('r.organisation_id = :org', { org: 'o1' })
      .andWhere('r.a = :a OR r.b = :a', { a: 1 })
      .andWhere('r.c IS NULL');
    expect(conditions.sql).toBe('r.organisation_id = :org AND (r.a = :a OR r.b = :a) AND (r.c IS NULL)');
    expect(conditions.parameters).toEqual({ org: 'o1', a: 1 });
  });
});
