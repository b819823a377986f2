import { Middleware } from 'koa';
import { ApiKeyArea, scopeName, ScopeNeeded, scopesAllow } from '../../../domain/api-key/api-key-scope';
import { PermissionDenied } from '../../../domain/shared/errors';
import type { Authenticated } from '../middleware/authentication';
import { DECLARED_RESOURCES } from '../../declaration/declared-resources';
import { Tag, tagOf, tagOfDeclared } from './api-tags';
import type { DocumentedOperation } from './operation';

/**
 * What an operation asks of an API key: a scope (`vendors:read`), any key at
 * all (`any`: the caller's own profile and organisation, read), or none may
 * call it (`never`: managing keys, a password, the profile's e-mail, the
 * organisation's settings, joining another organisation).
 */
export type RouteScope = ScopeNeeded | 'any' | 'never';

type TagArea = ApiKeyArea | '*' | 'profile' | 'never';

/**
 * The key's area of each API tag, or what every operation of the tag asks.
 * Reads (GET) need the area's `read`, every other method (and a GET that
 * changes state, the expense action's) its `write`. A declared resource names
 * its own (`keyArea`); the areas that are no declared resource are here. A tag
 * in neither fails at registration, so that no route is left without a scope.
 */
const AREA_OF_UNDECLARED_TAG: Readonly<Record<string, TagArea>> = {
  Reports: 'reports',
  Members: 'members',
  // The organisation-wide activity: every area's history at once (a record's history is its area's).
  History: '*',
  // An import writes to whichever area its file names: it needs the key's `*:write` (its results, `*:read`).
  Imports: '*',
  Profile: 'profile',
  Organisations: 'profile',
  Auth: 'never',
};

const AREA_OF_TAG: ReadonlyMap<Tag, TagArea> = areasOfTags();

function areasOfTags(): Map<Tag, TagArea> {
  const areas = new Map<Tag, TagArea>(Object.entries(AREA_OF_UNDECLARED_TAG));
  for (const declaration of DECLARED_RESOURCES) {
    const tag = tagOfDeclared(declaration);
    const named = areas.get(tag);
    // Resources that share a tag (contact groups and contacts) share its area.
    if (named !== undefined && named !== declaration.keyArea) throw new Error(`The ${tag} tag's resources name different API key areas`);
    areas.set(tag, declaration.keyArea);
  }
  return areas;
}

/** Reading one's own profile and organisation is any key's; changing them no key's. */
const PROFILE_READ: RouteScope = 'any';

/** An operation's scope: its own (`scope`), else its area's at its method's access. */
export function scopeOf(operation: Pick<DocumentedOperation, 'path' | 'method' | 'tag' | 'scope' | 'csrfOnEveryMethod'>): RouteScope {
  if (operation.scope !== undefined) return operation.scope;
  // A record's history is read as the record is.
  const path = operation.path.replace(/\/history$/, '');
  const tag = tagOf({ path, tag: operation.tag });
  const area = AREA_OF_TAG.get(tag);
  if (area === undefined) throw new Error(`No API key scope for the ${tag} tag (${operation.path}): declare its keyArea, or add it to AREA_OF_UNDECLARED_TAG`);
  const access = operation.method === 'GET' && !operation.csrfOnEveryMethod ? 'read' : 'write';
  if (area === 'never') return 'never';
  if (area === 'profile') return access === 'read' ? PROFILE_READ : 'never';
  return { area, access };
}

/** The scope as the API description and a 403 name it. */
export function describeScope(scope: RouteScope): string {
  if (scope === 'any') return 'any API key';
  if (scope === 'never') return 'no API key';
  return `\`${scopeName(scope)}\``;
}

/** Refuses (403) a request made with an API key that `scope` does not let through; other credentials pass. */
export function withinKeyScope(scope: RouteScope): Middleware {
  return (ctx, next) => {
    const key = (ctx.state.auth as Authenticated | undefined)?.actor.apiKey;
    if (key === undefined || scope === 'any') return next();
    if (scope === 'never') throw new PermissionDenied('API keys cannot be used for this operation.');
    if (!scopesAllow(key.scopes, scope)) throw new PermissionDenied(`This API key lacks the "${scopeName(scope)}" scope.`);
    return next();
  };
}
