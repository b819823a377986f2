import { AuthGuard } from '../../../adapters/http/shared/controller';
import { areaOf, Routes } from '../../../adapters/http/shared/routes';

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
