import { routesOf } from '../../adapters/http/shared/routes';
import { API_KEY_SCOPES } from '../../domain/api-key/api-key-scope';
import { signUp, TestUser } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { testDatabases } from '../support/databases';
import { servedRoutes, startTestApp, TestApp } from '../support/test-app';

/**
 * Every route the server serves that takes credentials, and what it asks of
 * an API key, written out by hand (the oracle, not derived from the tags):
 * a scope, `any` key, or `never` (no key may call it). Each is called with an
 * owner's key that lacks the scope (403 naming it) and with one that holds it
 * (anything but 401 and 403: path values name nothing, bodies are empty, so
 * nothing changes). It fails when a served route has no row.
 */
const ROWS: readonly [method: string, route: string, scope: string][] = [
  ['POST', '/api/v1.0/auth/logout', 'never'],
  ['POST', '/api/v1.0/auth/password', 'never'],
  ['GET', '/api/v1.0/me', 'any'],
  ['PUT', '/api/v1.0/me', 'never'],
  ['PATCH', '/api/v1.0/me', 'never'],
  ['DELETE', '/api/v1.0/me', 'never'],
  ['GET', '/api/v1.0/me/export', 'never'],
  ['GET', '/api/v1.0/me/notifications', 'any'],
  ['PATCH', '/api/v1.0/me/notifications', 'never'],
  ['GET', '/api/v1.0/me/notifications/deliveries', 'any'],
  ['PUT', '/api/v1.0/me/picture', 'never'],
  ['DELETE', '/api/v1.0/me/picture', 'never'],
  ['GET', '/api/v1.0/organisations', 'any'],
  ['POST', '/api/v1.0/organisations/create', 'never'],
  ['GET', '/api/v1.0/organisation/:org', 'any'],
  ['PUT', '/api/v1.0/organisation/:org/update', 'never'],
  ['PATCH', '/api/v1.0/organisation/:org/update', 'never'],
  // Closing an organisation, taking it back, handing it over and leaving it are its people's own acts.
  ['DELETE', '/api/v1.0/organisation/:org', 'never'],
  ['POST', '/api/v1.0/organisation/:org/restore', 'never'],
  ['POST', '/api/v1.0/organisation/:org/transfer-ownership', 'never'],
  ['POST', '/api/v1.0/organisation/:org/leave', 'never'],
  ['GET', '/api/v1.0/people/:personUid/picture', 'any'],
  ['GET', '/api/v1.0/organisation/:org/logo', 'any'],
  ['PUT', '/api/v1.0/organisation/:org/logo', 'never'],
  ['DELETE', '/api/v1.0/organisation/:org/logo', 'never'],
  ['GET', '/api/v1.0/organisation/:org/members', 'members:read'],
  ['DELETE', '/api/v1.0/organisation/:org/members/:personUid', 'members:write'],
  ['POST', '/api/v1.0/organisation/:org/invitations', 'members:write'],
  ['GET', '/api/v1.0/organisation/:org/invitations', 'members:read'],
  ['DELETE', '/api/v1.0/organisation/:org/invitations/:invitationUid', 'members:write'],
  ['POST', '/api/v1.0/organisation/:org/invitations/:invitationUid/resend', 'members:write'],
  ['POST', '/api/v1.0/invitations/:token/accept', 'never'],
  ['GET', '/api/v1.0/organisation/:org/activity', '*:read'],
  ['POST', '/api/v1.0/organisation/:org/imports', '*:write'],
  ['GET', '/api/v1.0/organisation/:org/imports', '*:read'],
  ['GET', '/api/v1.0/organisation/:org/imports/:id', '*:read'],
  ['GET', '/api/v1.0/organisation/:org/imports/:id/errors', '*:read'],
  ['GET', '/api/v1.0/organisation/:org/projects', 'expenses:read'],
  ['POST', '/api/v1.0/organisation/:org/projects/create', 'expenses:write'],
  ['GET', '/api/v1.0/organisation/:org/projects/:id', 'expenses:read'],
  ['PUT', '/api/v1.0/organisation/:org/projects/:id/update', 'expenses:write'],
  ['PATCH', '/api/v1.0/organisation/:org/projects/:id/update', 'expenses:write'],
  ['GET', '/api/v1.0/organisation/:org/projects/:id/history', 'expenses:read'],
  ['DELETE', '/api/v1.0/organisation/:org/projects/:id/delete', 'expenses:write'],
  ['GET', '/api/v1.0/organisation/:org/accounts', 'expenses:read'],
  ['POST', '/api/v1.0/organisation/:org/accounts/create', 'expenses:write'],
  ['GET', '/api/v1.0/organisation/:org/accounts/:id', 'expenses:read'],
  ['PUT', '/api/v1.0/organisation/:org/accounts/:id/update', 'expenses:write'],
  ['PATCH', '/api/v1.0/organisation/:org/accounts/:id/update', 'expenses:write'],
  ['GET', '/api/v1.0/organisation/:org/accounts/:id/history', 'expenses:read'],
  ['DELETE', '/api/v1.0/organisation/:org/accounts/:id/delete', 'expenses:write'],
  ['GET', '/api/v1.0/organisation/:org/expenses', 'expenses:read'],
  ['POST', '/api/v1.0/organisation/:org/expenses/create', 'expenses:write'],
  ['GET', '/api/v1.0/organisation/:org/expenses/:id', 'expenses:read'],
  ['PUT', '/api/v1.0/organisation/:org/expenses/:id/update', 'expenses:write'],
  ['PATCH', '/api/v1.0/organisation/:org/expenses/:id/update', 'expenses:write'],
  ['GET', '/api/v1.0/organisation/:org/expenses/:id/history', 'expenses:read'],
  ['DELETE', '/api/v1.0/organisation/:org/expenses/:id/delete', 'expenses:write'],
  ['GET', '/api/v1.0/organisation/:org/expenses/:id/action', 'expenses:write'],
  ['POST', '/api/v1.0/organisation/:org/expenses/:id/action', 'expenses:write'],
  ['GET', '/api/v1.0/organisation/:org/expenses/:id/receipt', 'expenses:read'],
  ['GET', '/api/v1.0/organisation/:org/sales-stages', 'leads:read'],
  ['POST', '/api/v1.0/organisation/:org/sales-stages/create', 'leads:write'],
  ['GET', '/api/v1.0/organisation/:org/sales-stages/:id', 'leads:read'],
  ['PUT', '/api/v1.0/organisation/:org/sales-stages/:id/update', 'leads:write'],
  ['PATCH', '/api/v1.0/organisation/:org/sales-stages/:id/update', 'leads:write'],
  ['GET', '/api/v1.0/organisation/:org/sales-stages/:id/history', 'leads:read'],
  ['DELETE', '/api/v1.0/organisation/:org/sales-stages/:id/delete', 'leads:write'],
  ['GET', '/api/v1.0/organisation/:org/clients', 'leads:read'],
  ['POST', '/api/v1.0/organisation/:org/clients/create', 'leads:write'],
  ['GET', '/api/v1.0/organisation/:org/clients/:id', 'leads:read'],
  ['PUT', '/api/v1.0/organisation/:org/clients/:id/update', 'leads:write'],
  ['PATCH', '/api/v1.0/organisation/:org/clients/:id/update', 'leads:write'],
  ['GET', '/api/v1.0/organisation/:org/clients/:id/history', 'leads:read'],
  ['DELETE', '/api/v1.0/organisation/:org/clients/:id/delete', 'leads:write'],
  ['GET', '/api/v1.0/organisation/:org/leads', 'leads:read'],
  ['POST', '/api/v1.0/organisation/:org/leads/create', 'leads:write'],
  ['GET', '/api/v1.0/organisation/:org/leads/:id', 'leads:read'],
  ['PUT', '/api/v1.0/organisation/:org/leads/:id/update', 'leads:write'],
  ['PATCH', '/api/v1.0/organisation/:org/leads/:id/update', 'leads:write'],
  ['GET', '/api/v1.0/organisation/:org/leads/:id/history', 'leads:read'],
  ['DELETE', '/api/v1.0/organisation/:org/leads/:id/delete', 'leads:write'],
  ['GET', '/api/v1.0/organisation/:org/vendors', 'vendors:read'],
  ['POST', '/api/v1.0/organisation/:org/vendors/create', 'vendors:write'],
  ['GET', '/api/v1.0/organisation/:org/vendors/:id', 'vendors:read'],
  ['PUT', '/api/v1.0/organisation/:org/vendors/:id/update', 'vendors:write'],
  ['PATCH', '/api/v1.0/organisation/:org/vendors/:id/update', 'vendors:write'],
  ['GET', '/api/v1.0/organisation/:org/vendors/:id/history', 'vendors:read'],
  ['DELETE', '/api/v1.0/organisation/:org/vendors/:id/delete', 'vendors:write'],
  ['GET', '/api/v1.0/organisation/:org/contact-groups', 'contacts:read'],
  ['POST', '/api/v1.0/organisation/:org/contact-groups/create', 'contacts:write'],
  ['GET', '/api/v1.0/organisation/:org/contact-groups/:group', 'contacts:read'],
  ['PUT', '/api/v1.0/organisation/:org/contact-groups/:group', 'contacts:write'],
  ['PATCH', '/api/v1.0/organisation/:org/contact-groups/:group', 'contacts:write'],
  ['GET', '/api/v1.0/organisation/:org/contact-groups/:group/history', 'contacts:read'],
  ['DELETE', '/api/v1.0/organisation/:org/contact-groups/:group', 'contacts:write'],
  ['GET', '/api/v1.0/organisation/:org/contact-groups/:group/contacts', 'contacts:read'],
  ['POST', '/api/v1.0/organisation/:org/contact-groups/:group/contacts/create', 'contacts:write'],
  ['GET', '/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact', 'contacts:read'],
  ['PUT', '/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact', 'contacts:write'],
  ['PATCH', '/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact', 'contacts:write'],
  ['GET', '/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact/history', 'contacts:read'],
  ['DELETE', '/api/v1.0/organisation/:org/contact-groups/:group/contacts/:contact', 'contacts:write'],
  ['GET', '/api/v1.0/organisation/:org/webhooks', 'webhooks:read'],
  ['POST', '/api/v1.0/organisation/:org/webhooks/create', 'webhooks:write'],
  ['GET', '/api/v1.0/organisation/:org/webhooks/:id', 'webhooks:read'],
  ['PATCH', '/api/v1.0/organisation/:org/webhooks/:id', 'webhooks:write'],
  ['DELETE', '/api/v1.0/organisation/:org/webhooks/:id', 'webhooks:write'],
  ['GET', '/api/v1.0/organisation/:org/webhooks/:id/deliveries', 'webhooks:read'],
  ['POST', '/api/v1.0/organisation/:org/webhooks/:id/ping', 'webhooks:write'],
  ['GET', '/api/v1.0/organisation/:org/api-keys', 'never'],
  ['POST', '/api/v1.0/organisation/:org/api-keys/create', 'never'],
  ['GET', '/api/v1.0/organisation/:org/api-keys/:id', 'never'],
  ['PUT', '/api/v1.0/organisation/:org/api-keys/:id', 'never'],
  ['PATCH', '/api/v1.0/organisation/:org/api-keys/:id', 'never'],
  ['GET', '/api/v1.0/organisation/:org/api-keys/:id/history', 'never'],
  ['DELETE', '/api/v1.0/organisation/:org/api-keys/:id', 'never'],
  ['GET', '/api/v1.0/organisation/:org/reports/expenses', 'reports:read'],
  ['GET', '/api/v1.0/organisation/:org/reports/pipeline', 'reports:read'],
  ['GET', '/api/v1.0/organisation/:org/reports/vendors/follow-ups', 'reports:read'],
  ['GET', '/api/v1.0/organisation/:org/reports/projects', 'reports:read'],
];

/** Every scope that does not grant `scope`: a write route's own area's `read` among them. */
function lacking(scope: string): string[] {
  const [area, access] = scope.split(':');
  const granting = access === 'read' ? [`${area}:read`, `${area}:write`, '*:read', '*:write'] : [`${area}:write`, '*:write'];
  return API_KEY_SCOPES.filter((held) => !granting.includes(held) && !(area === '*' && held.startsWith('*:')));
}

const routeKey = (method: string, path: string) => `${method} ${path}`;

describe.each(testDatabases())('the API key scope of every route on $name', (factory) => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let owner: TestUser;
  const clients = new Map<string, ApiClient>();

  beforeAll(async () => {
    const database = await factory.create();
    dispose = database.dispose;
    app = await startTestApp(database);
    owner = await signUp(app.client);
  });

  afterAll(async () => {
    await app.close();
    await dispose();
  });

  /** A client with an owner's key holding exactly `scopes`, made once. */
  async function keyed(scopes: string[]): Promise<ApiClient> {
    const name = scopes.join(' ');
    let client = clients.get(name);
    if (!client) {
      const created = await owner.api.post(`/api/v1.0/organisation/${owner.organisationUniqueId}/api-keys/create/`, { name: name.slice(0, 100), scopes });
      clients.set(name, (client = app.client.withKey(created.body.key)));
    }
    return client;
  }

  const pathOf = (route: string) =>
    `${route.replace(/:(\w+)/g, (_match, name: string) => (name === 'org' ? owner.organisationUniqueId : 'nope'))}/`;

  it('has a row for every route that takes credentials, and none for a route it does not serve', () => {
    const operations = servedRoutes(app).operations;
    const served = routesOf(servedRoutes(app))
      .filter(({ method, path }) => operations.find((operation) => operation.method === method && operation.path === path)?.credentials !== 'none')
      .map(({ method, path }) => routeKey(method, path));
    const tabled = ROWS.map(([method, route]) => routeKey(method, route));
    expect({ withoutRow: served.filter((route) => !tabled.includes(route)), withoutRoute: tabled.filter((route) => !served.includes(route)) }).toEqual({
      withoutRow: [],
      withoutRoute: [],
    });
  });

  it.each(ROWS)('%s %s: %s', async (method, route, scope) => {
    const path = pathOf(route);
    if (scope === 'any') {
      const response = await (await keyed(['reports:read'])).request(method, path);
      expect([401, 403]).not.toContain(response.status);
      return;
    }
    if (scope === 'never') {
      const response = await (await keyed(['*:write'])).request(method, path);
      expect({ status: response.status, body: response.body }).toEqual({ status: 403, body: { detail: 'API keys cannot be used for this operation.' } });
      return;
    }
    const refused = await (await keyed(lacking(scope))).request(method, path);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { detail: `This API key lacks the "${scope}" scope.` } });
    const allowed = await (await keyed([scope])).request(method, path);
    expect({ status: allowed.status, refusedBy: [401, 403].includes(allowed.status) ? allowed.body : undefined }).toEqual({ status: allowed.status, refusedBy: undefined });
  });
});
