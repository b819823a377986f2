import { Client } from 'pg';
import { PostgresPipelines, PostgresStatement } from '../../adapters/persistence/typeorm/postgres-statements';

/**
 * The SQL texts a test's code sent to Postgres, from the moment this is
 * called: through node-postgres's `Client.prototype.query` (a text, a
 * query's config, or the service's statements sent together, see
 * adapters/persistence/typeorm/postgres-statements), and on the pipelined
 * connections, which queue the statements past `query`. `restore` stops
 * watching.
 */
export function watchSentTexts(): { texts(): string[]; restore(): void } {
  const query = jest.spyOn(Client.prototype, 'query');
  const pipelined = jest.spyOn(PostgresPipelines.prototype, 'query');
  return {
    texts: () => [...sentTexts(query.mock.calls), ...pipelined.mock.calls.flatMap(([statements]) => statements.map((statement: PostgresStatement) => statement.text))],
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
