import { Client } from 'pg';
import { PostgresPipelines } from '../../adapters/persistence/typeorm/engine/postgres-pipelines';
import { PostgresStatement } from '../../adapters/persistence/typeorm/engine/postgres-statements';

/**
 * The SQL texts a test's code sent to Postgres, from the moment this is
 * called: through node-postgres's `Client.prototype.query` (a text, a
 * query's config, or the service's statements sent together, see
 * adapters/persistence/typeorm/postgres-statements), and on the pipelined
 * connections, which queue the statements past `query`. `restore` stops
 * watching.
 */
export function watchSentTexts(): { texts(): string[]; submissions(): string[][]; restore(): void } {
  const query = jest.spyOn(Client.prototype, 'query');
  const pipelined = jest.spyOn(PostgresPipelines.prototype, 'query');
  const textsOf = (statements: PostgresStatement[]) => statements.map((statement) => statement.text);
  return {
    texts: () => [...sentTexts(query.mock.calls), ...pipelined.mock.calls.flatMap(([statements]) => textsOf(statements))],
    /** The texts of each submission (one round trip), in the order they were sent, whichever way. */
    submissions: () =>
      [
        ...query.mock.calls.map((call, n) => ({ order: query.mock.invocationCallOrder[n], texts: sentTexts([call]) })),
        ...pipelined.mock.calls.map(([statements], n) => ({ order: pipelined.mock.invocationCallOrder[n], texts: textsOf(statements) })),
      ]
        .sort((a, b) => a.order - b.order)
        .map(({ texts }) => texts),
    restore: () => {
      query.mockRestore();
      pipelined.mockRestore();
    },
  };
}

function sentTexts(calls: unknown[][]): string[] {
  return calls.flatMap(([config]) => {
    if (typeof config === 'string') return [config];
    const sent = config as { text?: string; statements?: { text: string }[] };
    if (sent.statements) return sent.statements.map((statement) => statement.text);
    if (typeof sent.text === 'string') return [sent.text];
    throw new Error('a query without a text');
  });
}
