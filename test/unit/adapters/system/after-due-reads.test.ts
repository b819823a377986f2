import { Context } from 'koa';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { createHttpApp } from '../../../../adapters/http/app';
import { answersTogether } from '../../../../adapters/http/middleware/request-context';
import { AuthGuard, HttpController } from '../../../../adapters/http/shared/controller';
import { answers } from '../../../../adapters/http/shared/answers';
import { Routes } from '../../../../adapters/http/shared/routes';
import { wireSchema as s } from '../../../../adapters/http/shared/wire-schema';
import { createLogger } from '../../../../adapters/system/logger';
import { afterDueReads, dueReadsDone } from '../../../../adapters/system/after-due-reads';

/** Settles after `count` rounds of promise reactions: work that is not waiting for the loop's next phase. */
async function microtasks(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await Promise.resolve();
}

describe('afterDueReads', () => {
  it('runs what a turn deferred in its check phase, together and in order, before what was scheduled there between', async () => {
    const ran: string[] = [];
    afterDueReads(() => ran.push('first'));
    setImmediate(() => ran.push('scheduled between'));
    afterDueReads(() => ran.push('second'));
    expect(ran).toEqual([]);

    await new Promise((resolve) => setImmediate(resolve));
    // One callback for the turn's deferred work: deferred one by one, 'scheduled between' would run between them.
    expect(ran).toEqual(['first', 'second', 'scheduled between']);
  });

  it('leaves what its callbacks defer to the next turn, after that turn’s reads', async () => {
    const ran: string[] = [];
    afterDueReads(() => {
      ran.push('first');
      afterDueReads(() => ran.push('deferred by the first'));
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual(['first']);
    await dueReadsDone();
    expect(ran).toEqual(['first', 'deferred by the first']);
  });
});

describe('answersTogether', () => {
  const ctx = {} as Context;

  it('lets an answer leave only once the work due in its turn has run, however long that takes', async () => {
    const events: string[] = [];
    const answered = answersTogether(ctx, async () => {
      events.push('handled');
    }).then(() => events.push('leaves'));
    await microtasks(100);
    events.push('the rest of the turn');
    await answered;
    expect(events).toEqual(['handled', 'the rest of the turn', 'leaves']);
  });

  it('lets the answers finished in one turn leave together, in the order they finished', async () => {
    const left: string[] = [];
    const first = answersTogether(ctx, async () => undefined).then(() => left.push('first'));
    await microtasks(10);
    let leftBeforeTheSecond: string[] | undefined;
    const second = answersTogether(ctx, async () => {
      leftBeforeTheSecond = [...left];
    }).then(() => left.push('second'));
    setImmediate(() => left.push('next check-phase callback'));
    await Promise.all([first, second]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(leftBeforeTheSecond).toEqual([]);
    expect(left).toEqual(['first', 'second', 'next check-phase callback']);
  });

  it('answers a failure at once: nothing is written, so there is nothing to gather', async () => {
    const failed = answersTogether(ctx, async () => {
      throw new Error('refused');
    });
    let rejected = false;
    failed.catch(() => (rejected = true));
    await microtasks(10);
    expect(rejected).toBe(true);
    await expect(failed).rejects.toThrow('refused');
  });
});

describe('the HTTP app', () => {
  let server: Server;
  afterEach(() => new Promise((closed) => server.close(closed)));

  it('writes an answer once the turn it was finished in has ended', async () => {
    // The handler's check-phase callback adds a header: there only if the answer has not left by then.
    const controller: HttpController = {
      register(routes: Routes) {
        routes.add({
          method: 'GET',
          path: '/turn',
          summary: 'Turn',
          description: 'A test route.',
          credentials: 'none',
          answers: [answers.ok(s.object<{ ok: boolean }>({ ok: s.boolean() }))],
          handle: (ctx) => {
            setImmediate(() => {
              if (!ctx.res.headersSent) ctx.res.setHeader('X-Turn', 'ended');
            });
            ctx.body = { ok: true };
          },
        });
      },
    };
    const app = createHttpApp({
      logger: createLogger('silent'),
      controllers: [controller],
      guard: {} as AuthGuard,
      readiness: async () => ({ pendingMigrations: 0 }),
      version: 'test',
      trustProxy: false,
      hsts: false,
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((listening) => server.once('listening', listening));

    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/turn`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('X-Turn')).toBe('ended');
  });
});
