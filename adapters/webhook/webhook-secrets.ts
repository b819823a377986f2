import { randomBytes } from 'node:crypto';
import { WebhookSecrets } from '../../application/webhook/webhook.ports';

const PREFIX = 'whsec_';

/** Secrets as the Standard Webhooks libraries take them: `whsec_` and 24 random bytes in base64. */
export class StandardWebhookSecrets implements WebhookSecrets {
  generate(): string {
    return `${PREFIX}${randomBytes(24).toString('base64')}`;
  }
}

/** The HMAC key a secret stands for: its bytes, base64-decoded after the prefix. */
export function signingKeyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}
