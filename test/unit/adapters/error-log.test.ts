import { Writable } from 'node:stream';
import type { Context } from 'koa';
import { QueryFailedError } from 'typeorm';
import { respond } from '../../../adapters/http/middleware/error-handler';
import { createLogger } from '../../../adapters/system/logger';
import { AesGcmSecretBox } from '../../../adapters/security/aes-gcm-secret-box';

/** The log lines a logger wrote, parsed. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('info', destination), lines };
}

const aContext = () => ({ state: { requestId: 'req-1' }, set: () => undefined }) as unknown as Context;

describe('an unexpected error, as the server logs it', () => {
  it('names its class, message and the line of the service it came from: no stack trace, no absolute path', async () => {
    const { logger, lines } = capturedLogger();
    // A sealed value opened with another key: the error is thrown inside Node's crypto, called from the service's code.
    const sealed = new AesGcmSecretBox(Buffer.alloc(32, 1)).seal('IBAN GB00 0000');
    const error = (() => {
      try {
        new AesGcmSecretBox(Buffer.alloc(32, 2)).open(sealed);
      } catch (thrown) {
        return thrown;
      }
    })();
    const ctx = aContext();

    respond(ctx, error, logger);
    await new Promise((flushed) => setImmediate(flushed));

    expect(ctx.status).toBe(500);
    expect(ctx.body).toEqual({ detail: 'A server error occurred.' });
    expect(lines).toHaveLength(1);
    const err = lines[0].error as Record<string, unknown>;
    expect(typeof err.type).toBe('string');
    expect(err.message).toMatch(/authenticate/);
    expect(err.origin).toMatch(/^AesGcmSecretBox\.\w+ \(adapters[\\/]security[\\/]aes-gcm-secret-box\.(ts|js):\d+:\d+\)$/);
    expect(err).not.toHaveProperty('stack');
    const line = JSON.stringify(lines[0]);
    expect(line).not.toMatch(/\n\s+at |\\n\s+at /);
    expect(line).not.toContain(process.cwd());
    expect(line).not.toContain('GB00');
  });

  it('says a failed query failed, without its SQL or values', async () => {
    const { logger, lines } = capturedLogger();
    const error = new QueryFailedError('SELECT secret FROM persons WHERE email = $1', ['ann@example.com'], new Error('boom'));

    respond(aContext(), error, logger);
    await new Promise((flushed) => setImmediate(flushed));

    const line = JSON.stringify(lines[0]);
    expect((lines[0].error as Record<string, unknown>).message).toBe('database query failed');
    expect(line).not.toContain('SELECT');
    expect(line).not.toContain('ann@example.com');
  });
});
