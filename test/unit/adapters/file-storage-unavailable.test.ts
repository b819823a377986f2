import { Writable } from 'node:stream';
import type { Context } from 'koa';
import { asUnreachable, FileStorageAvailability } from '../../../adapters/file-storage/storage-failures';
import { respond } from '../../../adapters/http/middleware/error-handler';
import { createLogger } from '../../../adapters/system/logger';

const silent = createLogger('info', new Writable({ write: (_chunk, _encoding, done) => done() }));

/** The status, body and headers `respond` gives `error`, on a request whose client is still there. */
function answerTo(error: unknown) {
  const headers: Record<string, string> = {};
  const ctx = {
    state: { requestId: 'req-1' },
    req: { destroyed: false },
    set: (name: string, value: string) => void (headers[name] = value),
  } as unknown as Context;
  respond(ctx, error, silent);
  return { status: ctx.status, body: ctx.body, headers };
}

/** An error as the AWS SDK throws it: a name, perhaps a code, and `$metadata` when the store answered. */
const sdkError = (message: string, fields: { name?: string; code?: string; status?: number } = {}) =>
  Object.assign(new Error(message), {
    ...(fields.name && { name: fields.name }),
    ...(fields.code && { code: fields.code }),
    $metadata: fields.status ? { httpStatusCode: fields.status } : { attempts: 2 },
  });

describe('a file storage that is away, as a request sees it', () => {
  it.each([
    ['refused', sdkError('connect ECONNREFUSED 127.0.0.1:9000', { code: 'ECONNREFUSED' })],
    ['refused, as the SDK wraps an error of another realm', sdkError('AWS SDK error wrapper for Error: connect ECONNREFUSED 127.0.0.1:9000')],
    ['reset', sdkError('socket hang up', { code: 'ECONNRESET' })],
    ['not connected in time', sdkError('the request socket did not establish a connection within 5000 ms', { name: 'TimeoutError' })],
    ['not answering in time', sdkError('a request has exceeded the configured 10000 ms requestTimeout', { name: 'TimeoutError', code: 'ETIMEDOUT' })],
    ['slowing down (503)', sdkError('Please reduce your request rate.', { name: 'SlowDown', status: 503 })],
    ['failing on its side (500)', sdkError('We encountered an internal error.', { name: 'InternalError', status: 500 })],
  ])('answers 503 with Retry-After when the store is %s: never a 500, never the database', (_case, error) => {
    const answer = answerTo(asUnreachable(error));
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ detail: 'The file storage is unavailable; try again shortly.' });
    expect(Number(answer.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['a refused credential', sdkError('The AWS Access Key Id you provided does not exist.', { name: 'InvalidAccessKeyId', status: 403 })],
    ['a missing bucket', sdkError('The specified bucket does not exist', { name: 'NoSuchBucket', status: 404 })],
  ])("leaves %s as it was: the configuration's fault, a 500 that the log explains", (_case, error) => {
    expect(asUnreachable(error)).toBe(error);
    expect(answerTo(asUnreachable(error)).status).toBe(500);
  });

  it('warns once when an outage begins and says once when it ends, counting every failure', () => {
    const lines: { level: string; message: string }[] = [];
    const availability = new FileStorageAvailability({
      warn: (message: string) => void lines.push({ level: 'warn', message }),
      info: (message: string) => void lines.push({ level: 'info', message }),
    } as never);
    const begun = performance.now();
    availability.failed(begun);
    availability.failed(begun);
    expect(availability.stats()).toEqual({ away: true, failures: 2 });
    availability.answered();
    availability.answered();
    expect(availability.stats()).toEqual({ away: false, failures: 2 });
    // An attempt begun during the outage that fails after its end tells of that outage, not of a new one.
    availability.failed(begun);
    expect(availability.stats()).toEqual({ away: false, failures: 3 });
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', message: expect.stringContaining('unavailable') }),
      expect.objectContaining({ level: 'info', message: expect.stringContaining('answers again') }),
    ]);
  });
});
