import { ApiResponse } from './api-client';

/** One request of a load: who sent it, when (`performance.now()`), how long its answer took, and the answer (none: the connection failed). */
export interface LoadAnswer {
  client: number;
  startedAt: number;
  elapsedMs: number;
  response?: ApiResponse;
  /** Why no answer came, when none did. */
  failure?: string;
}

export interface RunningLoad {
  /** The answers so far, in the order they came. */
  readonly answers: readonly LoadAnswer[];
  /** Lets each client finish the request it is waiting for, then stops; the answers of the whole load. */
  stop(): Promise<LoadAnswer[]>;
}

/**
 * `clients` clients, each sending `request` again as soon as its previous one
 * is answered, until `stop()` (or `maxMs`, a bound on the whole load, so that
 * a test that fails half-way never leaves it running). An answer of a status
 * in `pauseAfter` (a 503) holds its client `pauseMs` first, as a client
 * reading `Retry-After` would, only shorter: the load stays a load without
 * spinning on refusals.
 */
export function startLoad(
  clients: number,
  request: (client: number, iteration: number) => Promise<ApiResponse>,
  options: { maxMs?: number; pauseAfter?: number[]; pauseMs?: number } = {},
): RunningLoad {
  const answers: LoadAnswer[] = [];
  const deadline = performance.now() + (options.maxMs ?? 60_000);
  let stopped = false;
  const client = async (id: number) => {
    for (let iteration = 0; !stopped && performance.now() < deadline; iteration++) {
      const startedAt = performance.now();
      const answer: LoadAnswer = { client: id, startedAt, elapsedMs: 0 };
      try {
        answer.response = await request(id, iteration);
      } catch (error) {
        answer.failure = String(error);
      }
      answer.elapsedMs = performance.now() - startedAt;
      answers.push(answer);
      if (options.pauseAfter?.includes(answer.response?.status ?? 0)) await sleep(options.pauseMs ?? 100);
    }
  };
  const running = Promise.all(Array.from({ length: clients }, (_, id) => client(id)));
  return {
    answers,
    stop: async () => {
      stopped = true;
      await running;
      return answers;
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition` holds, checked every 50 ms; throws after `ms`. */
export async function until(condition: () => boolean | Promise<boolean>, ms: number, what = 'the condition'): Promise<void> {
  for (const deadline = Date.now() + ms; !(await condition()); ) {
    if (Date.now() > deadline) throw new Error(`${what} did not come within ${ms} ms`);
    await sleep(50);
  }
}
