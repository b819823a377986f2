import { ContainerModule } from 'inversify';
import { HTTP_TOKENS } from '../../adapters/http/shared/controller';
import { PresentedEventPayloads } from '../../adapters/http/webhook/event-payloads';
import { WebhookController } from '../../adapters/http/webhook/webhook.controller';
import { InMemoryWebhookEndpointRepository, InMemoryWebhookQueue } from '../../adapters/persistence/in-memory/in-memory-webhooks';
import { TypeOrmWebhookEndpointRepository } from '../../adapters/persistence/typeorm/webhook/typeorm-webhook-endpoint.repository';
import { TypeOrmWebhookQueue } from '../../adapters/persistence/typeorm/webhook/typeorm-webhook-queue';
import { HttpWebhookSender } from '../../adapters/webhook/http-webhook-sender';
import { StandardWebhookSecrets } from '../../adapters/webhook/webhook-secrets';
import { EVENT_TOKENS } from '../../application/webhook/record-events';
import { WebhookOutbox } from '../../application/webhook/webhook-outbox';
import { WEBHOOK_TOKENS, WebhookSender } from '../../application/webhook/webhook.ports';
import { UrlPolicy } from '../../domain/webhook/webhook-endpoint';
import { AppConfig } from '../config';
import { Storage } from './storage';

/**
 * Webhooks (contract section 9). Every area's use cases announce their
 * changes through `RecordEvents`, which the outbox turns into deliveries.
 * Production sends only to public addresses and takes only https endpoints.
 */
export function webhookModule(storage: Storage, config: AppConfig, sender?: WebhookSender): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (storage.kind === 'typeorm') {
      bind(WEBHOOK_TOKENS.WebhookEndpointRepository).to(TypeOrmWebhookEndpointRepository).inSingletonScope();
      bind(WEBHOOK_TOKENS.WebhookQueue).to(TypeOrmWebhookQueue).inSingletonScope();
    } else {
      const endpoints = new InMemoryWebhookEndpointRepository();
      bind(WEBHOOK_TOKENS.WebhookEndpointRepository).toConstantValue(endpoints);
      bind(WEBHOOK_TOKENS.WebhookQueue).toConstantValue(new InMemoryWebhookQueue(endpoints));
    }
    bind(WEBHOOK_TOKENS.WebhookSender).toConstantValue(sender ?? new HttpWebhookSender({ publicAddressesOnly: config.production }));
    bind(WEBHOOK_TOKENS.WebhookSecrets).toConstantValue(new StandardWebhookSecrets());
    bind(WEBHOOK_TOKENS.EventPayloads).toConstantValue(new PresentedEventPayloads(new URL(config.publicBaseUrl).origin));
    bind(WEBHOOK_TOKENS.UrlPolicy).toConstantValue({ allowLocalHttp: !config.production } satisfies UrlPolicy);
    bind(EVENT_TOKENS.RecordEvents).to(WebhookOutbox).inSingletonScope();
    bind(HTTP_TOKENS.Controller).to(WebhookController).inSingletonScope();
  });
}
