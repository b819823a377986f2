/**
 * The SQL texts given to node-postgres's `Client.prototype.query` (spied on
 * with jest): a text, a query's config, or the service's statements sent
 * together (adapters/persistence/typeorm/postgres-statements).
 */
export function sentTexts(calls: unknown[][]): string[] {
  return calls.flatMap(([config]) => {
    if (typeof config === 'string') return [config];
    const sent = config as { text?: string; statements?: { text: string }[] };
    if (sent.statements) return sent.statements.map((statement) => statement.text);
    if (typeof sent.text === 'string') return [sent.text];
    throw new Error('a query without a text');
  });
}
