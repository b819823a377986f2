import { createLogger } from '../../adapters/system/logger';
import { signUp, TestUser } from '../support/accounts';
import { LoadAnswer, sleep, startLoad, until } from '../support/load';
import {
  metricOf,
  OUTAGE_BEGINS,
  OUTAGE_ENDS,
  postgresUrl,
  READINESS_BOUND_MS,
  REQUEST_BOUND_MS,
  startBehindPostgresProxy,
  UNAVAILABLE,
} from '../support/postgres-behind-proxy';
import { TcpProxy } from '../support/tcp-proxy';
import { TestApp } from '../support/test-app';

const describeWithPostgres = postgresUrl ? describe : describe.skip;
const CLIENTS = 16;
/** Long enough for every wait's bound to pass several times over, short enough for CI. */
const OUTAGE_MS = 3000;

/**
 * The load: 16 clients creating vendors in a loop while the
 * service's connections to Postgres, through a proxy of the test's own, are
 * cut (closed, and new ones refused), reset (and new ones let through), or
 * black-holed (kept, nothing passed: a partition).
 */
describeWithPostgres('16 clients creating vendors while Postgres is away', () => {
  let proxy: TcpProxy;
  let app: TestApp;
  let close: () => Promise<void>;
  let owner: TestUser;
  const logged: { level: number; msg: string }[] = [];
  const lines: string[] = [];

  beforeAll(async () => {
    const logger = createLogger('info', {
      write: (line: string) => {
        lines.push(line);
        logged.push(JSON.parse(line));
      },
    });
    ({ app, proxy, close } = await startBehindPostgresProxy({ logger }));
    owner = await signUp(app.client);
  });

  beforeEach(() => {
    logged.length = 0;
    lines.length = 0;
  });

  afterEach(async () => proxy.restore()); // also after a test that failed half-way

  afterAll(async () => close());

  const vendors = () => `/api/v1.0/organisation/${owner.organisationUniqueId}/vendors`;

  /** The load around `outage`, which takes Postgres away and brings it back; the answers, once writes succeed again. */
  async function underLoad(outage: () => Promise<number>): Promise<{ answers: LoadAnswer[]; back: number }> {
    const load = startLoad(CLIENTS, (client, n) => owner.api.post(`${vendors()}/create/`, { name: `Client ${client} #${n}` }), {
      pauseAfter: [503],
    });
    try {
      await until(() => load.answers.filter((answer) => answer.response?.status === 201).length >= CLIENTS, 10_000, 'writes before the outage');
      const back = await outage();
      await until(() => load.answers.some((answer) => answer.startedAt > back && answer.response?.status === 201), 10_000, 'a write after the return');
      await sleep(300);
      return { answers: await load.stop(), back };
    } finally {
      await load.stop();
    }
  }

  /** Every answer a 201, or a 503 with `Retry-After` saying that the database is away; never a 500 or a 4xx; each within the bound. */
  function expectCreatedOrUnavailable(answers: LoadAnswer[]): void {
    const unexpected = answers.filter(({ response }) => response?.status !== 201 && response?.status !== 503);
    expect(unexpected.map(({ response, failure }) => failure ?? `${response!.status} ${response!.text}`)).toEqual([]);
    for (const { response } of answers.filter((answer) => answer.response!.status === 503)) {
      expect(response!.body).toEqual(UNAVAILABLE);
      expect(Number(response!.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(Math.max(...answers.map((answer) => answer.elapsedMs))).toBeLessThan(REQUEST_BOUND_MS);
  }

  /**
   * The outage said once in the log, a warning as it began and a line as it ended, never a line per request
   * (nor an error line, a stack or SQL), and the 503s answered for it counted in the metrics.
   */
  async function expectSaidOnceAndCounted(answers: LoadAnswer[], answeredBefore: number): Promise<void> {
    await until(async () => (await metricOf(app, 'database_unavailable')) === 0, 5000, 'the end of the outage');
    expect(logged.filter((line) => line.level >= 40)).toEqual([expect.objectContaining({ level: 40, msg: OUTAGE_BEGINS })]);
    expect(logged.filter((line) => line.msg === OUTAGE_ENDS)).toHaveLength(1);
    expect(lines.filter((line) => /INSERT|SELECT|\bat .*:\d+:\d+/.test(line))).toEqual([]);
    const refused = answers.filter((answer) => answer.response!.status === 503).length;
    expect((await metricOf(app, 'database_unavailable_responses_total')) - answeredBefore).toBe(refused);
  }

  /** `/readyz` during the outage: 503 within its bound. */
  async function expectNotReady(): Promise<void> {
    const started = performance.now();
    const ready = await app.client.get('/readyz');
    expect(performance.now() - started).toBeLessThan(READINESS_BOUND_MS);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', pending_migrations: null });
  }

  /** Every vendor acknowledged with a 201 is there afterwards, read back by the list. */
  async function expectEveryAcknowledgedWriteKept(answers: LoadAnswer[]): Promise<void> {
    const acknowledged = answers.filter((answer) => answer.response?.status === 201).map((answer) => answer.response!.body.unique_id as string);
    const listed = new Set<string>();
    for (let page = 1; ; page++) {
      const list = await owner.api.get(`${vendors()}/?page_size=1000&page=${page}`);
      expect(list.status).toBe(200);
      for (const vendor of list.body as { unique_id: string }[]) listed.add(vendor.unique_id);
      if (listed.size >= Number(list.headers.get('x-total-count'))) break;
    }
    expect(acknowledged.filter((id) => !listed.has(id))).toEqual([]);
    expect((await app.client.get('/readyz')).status).toBe(200);
  }

  it('cut (connections closed, new ones refused): 201 or 503 with Retry-After, each within the bound, writes back after the return, nothing acknowledged lost', async () => {
    const answeredBefore = await metricOf(app, 'database_unavailable_responses_total');
    const { answers, back } = await underLoad(async () => {
      await proxy.cut();
      await sleep(OUTAGE_MS / 2);
      await expectNotReady();
      await sleep(OUTAGE_MS / 2);
      expect(await metricOf(app, 'database_unavailable')).toBe(1);
      await proxy.restore();
      return performance.now();
    });
    expectCreatedOrUnavailable(answers);
    expect(answers.filter((answer) => answer.response!.status === 503).length).toBeGreaterThan(CLIENTS);
    expect(answers.filter((answer) => answer.startedAt > back && answer.response!.status === 201).length).toBeGreaterThan(0);
    await expectEveryAcknowledgedWriteKept(answers);
    await expectSaidOnceAndCounted(answers, answeredBefore);
  });

  it('black hole (connections kept, nothing passed): 201 or 503 with Retry-After, each within the bound, writes back after the return, nothing acknowledged lost', async () => {
    const answeredBefore = await metricOf(app, 'database_unavailable_responses_total');
    const { answers, back } = await underLoad(async () => {
      proxy.blackHole();
      await sleep(OUTAGE_MS / 2);
      await expectNotReady();
      await sleep(OUTAGE_MS / 2);
      expect(await metricOf(app, 'database_unavailable')).toBe(1);
      await proxy.restore();
      return performance.now();
    });
    expectCreatedOrUnavailable(answers);
    expect(answers.filter((answer) => answer.response!.status === 503).length).toBeGreaterThan(CLIENTS);
    expect(answers.filter((answer) => answer.startedAt > back && answer.response!.status === 201).length).toBeGreaterThan(0);
    await expectEveryAcknowledgedWriteKept(answers);
    await expectSaidOnceAndCounted(answers, answeredBefore);
  });

  it('reset (every connection reset at once, new ones let through): 201 or 503 with Retry-After, nothing acknowledged lost', async () => {
    const { answers } = await underLoad(async () => {
      for (let i = 0; i < 3; i++) {
        proxy.reset();
        await sleep(300);
      }
      return performance.now();
    });
    expectCreatedOrUnavailable(answers);
    await expectEveryAcknowledgedWriteKept(answers);
  });
});
