import { randomBytes } from 'node:crypto';
import { ApiClient, cookieFrom } from './api-client';

/** A signed-up user and the organisation they own, with clients for each auth scheme. */
export interface TestUser {
  email: string;
  password: string;
  personUniqueId: string;
  organisationUniqueId: string;
  /** Authenticated with HTTP Basic. */
  api: ApiClient;
  sessionId: string;
  csrfToken: string;
}

let counter = 0;

export async function signUp(client: ApiClient, overrides: Partial<Record<string, string>> = {}): Promise<TestUser> {
  counter += 1;
  const email = overrides.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const response = await client.post('/api/v1.0/auth/signup/', {
    email,
    password,
    first_name: overrides.first_name ?? 'Test',
    last_name: overrides.last_name ?? `User${counter}`,
    organisation_name: overrides.organisation_name ?? `Org ${counter}`,
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  return {
    email,
    password,
    personUniqueId: response.body.person.unique_id,
    organisationUniqueId: response.body.organisation.unique_id,
    api: client.basic(email, password),
    sessionId: cookieFrom(response, 'sessionid')!,
    csrfToken: cookieFrom(response, 'csrftoken')!,
  };
}
