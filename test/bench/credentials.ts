import { BENCH_EMAIL, BENCH_PASSWORD } from '../../config/seeding/bulk-seed';

/** The bench user's HTTP Basic header. */
export const BASIC_AUTHORIZATION = `Basic ${Buffer.from(`${BENCH_EMAIL}:${BENCH_PASSWORD}`).toString('base64')}`;

/**
 * The bench's servers let its key make this many requests a minute (the
 * setting's highest): a run sends far more than the default allows, and the
 * count is paid the same whatever the limit.
 */
export const BENCH_KEY_REQUESTS_PER_MINUTE = '1000000';

/**
 * An API key of the bench user, made through the API as an integration's
 * would be (`*:write`: lists, the profile and creates alike), as its
 * `Authorization: Bearer` header. Made on each server start: the data the
 * bench copies or reuses holds no clear key.
 */
export async function bearerAuthorization(baseUrl: string, organisation: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1.0/organisation/${organisation}/api-keys/create/`, {
    method: 'POST',
    headers: { Authorization: BASIC_AUTHORIZATION, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', scopes: ['*:write'] }),
  });
  if (response.status !== 201) throw new Error(`The key's create answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const { key } = (await response.json()) as { key: string };
  return `Bearer ${key}`;
}
