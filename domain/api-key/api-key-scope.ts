/**
 * What an API key may do: `read` or `write` per area of the API, or in every
 * area (`*:read`, `*:write`). Writing an area includes reading it, as a key
 * that may change vendors must be able to see what it changes.
 */
export const API_KEY_AREAS = ['expenses', 'vendors', 'leads', 'contacts', 'reports', 'webhooks', 'members'] as const;
export type ApiKeyArea = (typeof API_KEY_AREAS)[number];

export const API_KEY_ACCESS = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** `vendors:read`, `*:write`. */
export type ApiKeyScope = `${ApiKeyArea | '*'}:${ApiKeyAccess}`;

/** Every scope a key may hold, in the order the API description lists them. */
export const API_KEY_SCOPES: readonly ApiKeyScope[] = [
  '*:read',
  '*:write',
  ...API_KEY_AREAS.flatMap((area) => API_KEY_ACCESS.map((access): ApiKeyScope => `${area}:${access}`)),
];

/** What a request needs of a key: access to one area, or to every area at once (`*`: an organisation's whole activity). */
export interface ScopeNeeded {
  area: ApiKeyArea | '*';
  access: ApiKeyAccess;
}

export function isApiKeyScope(text: string): text is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(text);
}

/** The scope's name as an answer names it (`vendors:write`). */
export function scopeName(needed: ScopeNeeded): ApiKeyScope {
  return `${needed.area}:${needed.access}`;
}

/** Whether `held` grants what is needed: the area's own scope or the wildcard's, at that access or `write`. */
export function scopesAllow(held: readonly ApiKeyScope[], needed: ScopeNeeded): boolean {
  const accesses: ApiKeyAccess[] = needed.access === 'read' ? ['read', 'write'] : ['write'];
  return accesses.some((access) => held.includes(`${needed.area}:${access}`) || held.includes(`*:${access}`));
}
