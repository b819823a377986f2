import { LRUCache } from 'lru-cache';
import { ResultTable } from './result-table';
import { SqlQuery } from './sql';

/**
 * What SQLite's planner makes of a statement, asked once per text and
 * remembered: a plan depends on the text and the schema, not on the values,
 * and the schema does not change while the service runs.
 */
export class QueryPlans {
  private readonly inOrder = new LRUCache<string, boolean>({ max: 500 });

  constructor(private readonly explain: (query: SqlQuery) => Promise<ResultTable>) {}

  /**
   * Whether `query` reads its rows through one index, in that index's order,
   * with no sort step: it can then stop at its LIMIT after reading only the
   * rows it answers (and those it skips).
   */
  async walksIndexInOrder(query: SqlQuery): Promise<boolean> {
    let known = this.inOrder.get(query.sql);
    if (known === undefined) {
      const plan = await this.explain({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, parameters: query.parameters });
      const steps = plan.rows.map((row) => String(row[3]));
      known = steps.length === 1 && /^SEARCH \S+ USING (COVERING )?INDEX /.test(steps[0]);
      this.inOrder.set(query.sql, known);
    }
    return known;
  }
}
