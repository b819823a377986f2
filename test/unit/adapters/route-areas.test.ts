import Koa, { Context } from 'koa';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { AuthGuard } from '../../../adapters/http/shared/controller';
import { answers } from '../../../adapters/http/shared/answers';
import { areaOf } from '../../../adapters/http/shared/route-areas';
import { Routes } from '../../../adapters/http/shared/routes';

/** A request is matched only against its area's routes: a route's pattern and every path it matches must share the area. */
describe('the area of a path', () => {
  it.each([
    ['/api/v1.0/organisation/:org/vendors/:id', '/api/v1.0/organisation/acme-ltd/vendors/paper-co/', 'v1.0/organisation/vendors'],
    ['/api/v1.0/organisation/:org/vendors/create', '/api/v1.0/organisation/acme-ltd/vendors/create', 'v1.0/organisation/vendors'],
    ['/api/v1.0/organisation/:org', '/api/v1.0/organisation/acme-ltd/', 'v1.0/organisation/'],
    ['/api/v1.0/organisations', '/api/v1.0/organisations/', 'v1.0/organisations'],
    ['/api/v1.0/me', '/api/v1.0/me/', 'v1.0/me'],
    ['/api/v1.0/people/:person/picture', '/api/v1.0/people/0193/picture/', 'v1.0/people'],
    ['/api/v1.0/invitations/:token/accept', '/api/v1.0/invitations/abc/accept/', 'v1.0/invitations'],
    ['/api/schema', '/api/schema/', 'api/schema'],
    ['/healthz', '/healthz', 'healthz'],
  ])('%s and %s: %s', (pattern, path, area) => {
    expect(areaOf(pattern)).toBe(area);
    expect(areaOf(path)).toBe(area);
  });

  it('ignores case, as the routes do', () => {
    expect(areaOf('/API/V1.0/Organisation/Acme/VENDORS/')).toBe(areaOf('/api/v1.0/organisation/:org/vendors'));
  });

  it('tells apart areas that share a prefix', () => {
    expect(areaOf('/api/v1.0/organisation/acme/expenses/')).not.toBe(areaOf('/api/v1.0/organisation/acme/vendors/'));
    expect(areaOf('/api/v1.0/organisation/acme/')).not.toBe(areaOf('/api/v1.0/organisations/'));
  });

  it('is an area of no route for a path that looks like a pattern, rather than an error', () => {
    expect(areaOf('/api/v1.0/organisation/acme/:kind/')).toBe('v1.0/organisation/:kind');
  });
});

describe('routes by area', () => {
  it('refuses to register a route whose area is a parameter (no request could find it)', () => {
    const routes = new Routes({ required: () => (_ctx: unknown, next: () => Promise<void>) => next() } as unknown as AuthGuard);
    expect(() => routes.refuse('/api/v1.0/organisation/:org/:kind', ['GET'])).toThrow(/literal/);
  });
});

describe('dispatch', () => {
  const guard = { required: () => (_ctx: unknown, next: () => Promise<void>) => next() } as unknown as AuthGuard;
  let server: Server;
  let base: string;
  const seen: { matched: string[][] }[] = [];

  beforeAll(async () => {
    const routes = new Routes(guard);
    const echo = (ctx: Context) => {
      ctx.body = { params: ctx.params, route: (ctx as Context & { _matchedRoute?: string })._matchedRoute };
    };
    const common = { summary: 's', description: 'd', credentials: 'none' as const, answers: [answers.noContent()] };
    // As a resource registers them: the create, the 405 of its path's other methods, then the detail.
    routes.add({ ...common, method: 'POST', path: '/api/v1.0/organisation/:org/vendors/create', handle: echo });
    routes.refuse('/api/v1.0/organisation/:org/vendors/create', ['POST'], 'none');
    routes.add({ ...common, method: 'GET', path: '/api/v1.0/organisation/:org/vendors/:id', handle: echo });
    routes.add({ ...common, method: 'DELETE', path: '/api/v1.0/organisation/:org/vendors/:id', handle: echo });
    routes.add({ ...common, method: 'GET', path: '/api/v1.0/organisation/:org/vendors', handle: echo });
    const app = new Koa();
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (error) {
        ctx.status = (error as { status?: number }).status ?? 500;
        ctx.body = { error: (error as Error).message };
      }
    });
    app.use(routes.dispatch());
    // What follows the routes sees which routes matched the path (for 405 and `Allow`).
    app.use((ctx) => {
      const matched = ((ctx as Context & { matched?: { methods: string[] }[] }).matched ?? []).map((layer) => layer.methods);
      seen.push({ matched });
      ctx.status = matched.length === 0 ? 404 : 405;
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('gives each request its own path values and matched route, though each route is composed once for all', async () => {
    for (const [org, id] of [['acme', 'paper-co'], ['globex', 'ink%20ltd'], ['acme', 'paper-co']]) {
      const answer = await fetch(`${base}/api/v1.0/organisation/${org}/vendors/${id}/`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ params: { org, id: decodeURIComponent(id) }, route: '/api/v1.0/organisation/:org/vendors/:id' });
    }
    expect(await (await fetch(`${base}/api/v1.0/organisation/acme/vendors/`)).json()).toEqual({ params: { org: 'acme' }, route: '/api/v1.0/organisation/:org/vendors' });
    expect((await fetch(`${base}/api/v1.0/organisation/acme/vendors/x/`, { method: 'DELETE' })).status).toBe(200);
  });

  it('serves a path two routes of its method match as the router would, the first that answers answering', async () => {
    // POST …/create/ matches the create and the 405 route of the path's other methods; the create answers.
    const created = await fetch(`${base}/api/v1.0/organisation/acme/vendors/create/`, { method: 'POST' });
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({ params: { org: 'acme' }, route: '/api/v1.0/organisation/:org/vendors/create' });
    // GET …/create/ matches the 405 route first, then the detail (as a record named "create"): the 405 answers.
    const read = await fetch(`${base}/api/v1.0/organisation/globex/vendors/create/`);
    expect(read.status).toBe(405);
    expect(await read.json()).toEqual({ error: 'Method "GET" not allowed.' });
    const again = await fetch(`${base}/api/v1.0/organisation/initech/vendors/create/`, { method: 'POST' });
    expect(await again.json()).toEqual({ params: { org: 'initech' }, route: '/api/v1.0/organisation/:org/vendors/create' });
  });

  it('leaves a path no route of its method serves to what follows, with the routes its path matched', async () => {
    seen.length = 0;
    expect((await fetch(`${base}/api/v1.0/organisation/acme/vendors/x/`, { method: 'POST' })).status).toBe(405);
    expect(seen[0].matched.flat().sort()).toEqual(['DELETE', 'GET', 'HEAD']);
    expect((await fetch(`${base}/api/v1.0/organisation/acme/vendors/x/y/`)).status).toBe(404);
    expect((await fetch(`${base}/healthz`)).status).toBe(404);
    expect(seen.slice(1).map((request) => request.matched)).toEqual([[], []]);
  });
});
