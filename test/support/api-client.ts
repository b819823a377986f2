import { validatorFor } from './openapi-response-validator';

/**
 * A small HTTP client for end-to-end tests, speaking to the app over a real
 * socket. Every response it receives is checked against the OpenAPI document
 * the app serves (see `OpenApiResponseValidator`): an undocumented status,
 * field or missing header rejects the call, so no test can pass on a response
 * the API description does not allow. So is every request the server accepts:
 * its path and query parameters and its JSON, form or multipart body.
 */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export type Credentials =
  | { kind: 'basic'; email: string; password: string }
  | { kind: 'session'; sessionId: string; csrfToken: string; sendCsrf?: boolean }
  /** An API key, as `Authorization: Bearer <key>` (or `Token <key>`, DRF's scheme). */
  | { kind: 'key'; key: string; scheme?: 'Bearer' | 'Token' }
  | { kind: 'none' };

export interface RequestOptions {
  json?: unknown;
  /** Sent as is, with `contentType`. */
  raw?: string | Buffer;
  contentType?: string;
  form?: Record<string, string>;
  multipart?: FormData;
  headers?: Record<string, string>;
  /**
   * Query parameters the test sends knowing that the server ignores them (as
   * DRF ignores unknown ones): the description rightly leaves them out, so the
   * request check lets these names through. Any other undocumented one fails.
   */
  ignoredQuery?: string[];
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly credentials: Credentials = { kind: 'none' },
  ) {}

  as(credentials: Credentials): ApiClient {
    return new ApiClient(this.baseUrl, credentials);
  }

  basic(email: string, password: string): ApiClient {
    return this.as({ kind: 'basic', email, password });
  }

  withKey(key: string, scheme: 'Bearer' | 'Token' = 'Bearer'): ApiClient {
    return this.as({ kind: 'key', key, scheme });
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }

  post<T = any>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { json, ...options });
  }

  put<T = any>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { json, ...options });
  }

  patch<T = any>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { json, ...options });
  }

  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...this.authHeaders(), ...options.headers };
    let body: string | Buffer | FormData | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      if (options.contentType) headers['Content-Type'] = options.contentType;
    } else if (options.multipart) {
      body = options.multipart;
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['Content-Type'] = 'application/json';
    }
    // Read first: a test may stop the server right after its last request.
    const description = await validatorFor(this.baseUrl);
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    description.check(method, path, { status: response.status, headers: response.headers, text });
    const contentType = options.multipart && options.raw === undefined ? 'multipart/form-data' : headerValue(headers, 'Content-Type');
    description.checkRequest(method, path, { contentType, body, ignoredQuery: options.ignoredQuery }, response.status);
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: left as text
    }
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  }

  private authHeaders(): Record<string, string> {
    const c = this.credentials;
    if (c.kind === 'basic') {
      return { Authorization: `Basic ${Buffer.from(`${c.email}:${c.password}`).toString('base64')}` };
    }
    if (c.kind === 'key') return { Authorization: `${c.scheme ?? 'Bearer'} ${c.key}` };
    if (c.kind === 'session') {
      const headers: Record<string, string> = { Cookie: `sessionid=${c.sessionId}; csrftoken=${c.csrfToken}` };
      if (c.sendCsrf !== false) headers['X-CSRFToken'] = c.csrfToken;
      return headers;
    }
    return {};
  }
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
}

/** The value of a cookie set by a response. */
export function cookieFrom(response: ApiResponse, name: string): string | null {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const [key, value] = pair.split('=');
    if (key.trim() === name) return value;
  }
  return null;
}
