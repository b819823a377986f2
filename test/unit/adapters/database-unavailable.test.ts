import { Writable } from 'node:stream';
import type { Context } from 'koa';
import { QueryFailedError } from 'typeorm';
import { respond } from '../../../adapters/http/middleware/error-handler';
import { createLogger } from '../../../adapters/system/logger';

const silent = createLogger('info', new Writable({ write: (_chunk, _encoding, done) => done() }));

/**
 * The status, body and headers `respond` gives `error`, on a request whose client is still there (by default),
 * its body read whole: Node counts such a request stream as destroyed, though its socket is not.
 */
function answerTo(error: unknown, req = { destroyed: true, socket: { destroyed: false } }) {
  const headers: Record<string, string> = {};
  const ctx = {
    state: { requestId: 'req-1' },
    req,
    set: (name: string | Record<string, string>, value?: string) => {
      if (typeof name === 'string') headers[name] = value!;
      else Object.assign(headers, name);
    },
  } as unknown as Context;
  respond(ctx, error, silent);
  return { status: ctx.status, body: ctx.body, headers };
}

const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
const wrapped = (driverError: Error) => new QueryFailedError('SELECT 1', [], driverError);

describe('a database that is away, as a request sees it', () => {
  it.each([
    ['refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['timed out on the socket', withCode('connect ETIMEDOUT', 'ETIMEDOUT')],
    ['lost mid-query', new Error('Connection terminated unexpectedly')],
    ['lost while connecting', new Error('Connection terminated due to connection timeout')],
    ['too slow to connect (a client of its own)', new Error('timeout expired')],
    ['no connection free in time (pool)', new Error('timeout exceeded when trying to connect')],
    ['no reply read in time', new Error('Query read timeout')],
    ['a statement over statement_timeout', wrapped(withCode('canceling statement due to statement timeout', '57014'))],
    ['shutting down', wrapped(withCode('terminating connection due to administrator command', '57P01'))],
  ])('answers 503 with Retry-After when the database is %s: never a 500 nor a 4xx', (_case, error) => {
    const answer = answerTo(error);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ detail: 'The database is unavailable; try again shortly.' });
    expect(Number(answer.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(Number(answer.headers['Retry-After'])).toBeLessThanOrEqual(10);
  });

  it("answers 400 to a reset only when the client's own connection is gone", () => {
    const reset = withCode('aborted', 'ECONNRESET');
    expect(answerTo(reset, { destroyed: true, socket: { destroyed: true } })).toMatchObject({
      status: 400,
      body: { detail: 'The request body was not received completely.' },
    });
    expect(answerTo(reset).status).toBe(503);
  });

  it('leaves a statement the database refused as it was (a 500 for an unexpected one)', () => {
    const answer = answerTo(wrapped(withCode('syntax error at or near "SELEC"', '42601')));
    expect(answer.status).toBe(500);
    expect(answer.headers).not.toHaveProperty('Retry-After');
  });
});
