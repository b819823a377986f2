import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { AttemptOutcome, OutgoingMessage, WebhookSender } from '../../application/webhook/webhook.ports';
import { DELIVERY_TIMEOUT_MS, isDelivered } from '../../domain/webhook/webhook-events';
import { ForbiddenAddress, guardedLookup, isForbiddenAddress } from './address-guard';
import { signingKeyOf } from './webhook-secrets';

/**
 * Bytes of a receiver's answer read at most: only its status counts, and a
 * receiver that streams without end would otherwise be read until the time
 * limit (gigabytes over a local network).
 */
export const RESPONSE_BODY_LIMIT = 64 * 1024;

export interface SenderOptions {
  /** Production: only public addresses, checked after resolution. */
  publicAddressesOnly: boolean;
  timeoutMs?: number;
}

/** The Standard Webhooks signature of a message: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signatureOf(secret: string, id: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', signingKeyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/**
 * POSTs a message with the Standard Webhooks headers. A 2xx within the time
 * limit is delivered; anything else, a redirect included (redirects are not
 * followed: each hop would need the address check again), is a failure with
 * its status or the error that came before one. The answer's body is read
 * up to `RESPONSE_BODY_LIMIT`, then the connection is closed.
 */
export class HttpWebhookSender implements WebhookSender {
  private readonly timeoutMs: number;

  constructor(private readonly options: SenderOptions) {
    this.timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  }

  async send(message: OutgoingMessage): Promise<AttemptOutcome> {
    const started = performance.now();
    const failed = (error: string): AttemptOutcome => ({ statusCode: null, durationMs: performance.now() - started, error });
    const url = new URL(message.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (this.options.publicAddressesOnly && isIP(host) && isForbiddenAddress(host)) return failed(new ForbiddenAddress(host).message);
    const timestamp = Math.floor(message.timestamp.getTime() / 1000);
    try {
      const statusCode = await this.post(url, message.body, {
        'content-type': 'application/json',
        'user-agent': 'business-management-api-webhooks/1',
        'webhook-id': message.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureOf(message.secret, message.id, timestamp, message.body),
      });
      return { statusCode, durationMs: performance.now() - started, error: isDelivered(statusCode) ? null : `The receiver answered ${statusCode}.` };
    } catch (error) {
      return failed(describe(error, this.timeoutMs));
    }
  }

  private post(url: URL, body: string, headers: Record<string, string>): Promise<number> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(url, {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        signal: AbortSignal.timeout(this.timeoutMs),
        lookup: this.options.publicAddressesOnly ? guardedLookup : undefined,
        agent: false,
      });
      request.on('response', (response) => {
        const statusCode = response.statusCode ?? 0;
        // The body is not read for anything: drained so that the socket closes cleanly, unless it goes on too long.
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read <= RESPONSE_BODY_LIMIT) return;
          resolve(statusCode);
          request.destroy();
        });
        response.on('end', () => resolve(statusCode));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
  }
}

/** An error as the deliveries list shows it: what happened, never a stack. */
function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof ForbiddenAddress) return error.message;
  const { name, code } = error as { name?: string; code?: string };
  if (name === 'AbortError' || name === 'TimeoutError') return `No answer within ${timeoutMs / 1000} s.`;
  if (code === 'ECONNREFUSED') return 'Connection refused.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host name does not resolve.';
  if (code) return `Connection failed (${code}).`;
  return 'Connection failed.';
}
