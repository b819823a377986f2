import { ContainerModule } from 'inversify';
import { WEBHOOK_ENDPOINT_DECLARATION } from '../../adapters/declaration/webhook/webhook-endpoint.declaration';
import { PresentedEventPayloads } from '../../adapters/http/webhook/event-payloads';
import { WebhookController } from '../../adapters/http/webhook/webhook.controller';
import { InMemoryWebhookEndpointRepository, InMemoryWebhookQueue } from '../../adapters/persistence/in-memory/in-memory-webhooks';
import { TypeOrmWebhookEndpointRepository } from '../../adapters/persistence/typeorm/webhook/typeorm-webhook-endpoint.repository';
import { TypeOrmWebhookQueue } from '../../adapters/persistence/typeorm/webhook/typeorm-webhook-queue';
import { FlexibleRateLimit } from '../../adapters/security/flexible-rate-limit';
import { LimiterStore } from '../../adapters/security/limiter-store';
import { HttpWebhookSender } from '../../adapters/webhook/http-webhook-sender';
import { StandardWebhookSecrets } from '../../adapters/webhook/webhook-secrets';
import { recordUseCases } from '../../application/records/record-use-cases';
import { SecretBox, SHARED_TOKENS } from '../../application/shared/ports';
import { ListWebhookDeliveries } from '../../application/webhook/list-webhook-deliveries.use-case';
import { PingWebhookEndpoint } from '../../application/webhook/ping-webhook-endpoint.use-case';
import { EVENT_TOKENS, RecordEventListeners } from '../../application/webhook/record-events';
import { NotificationOutbox } from '../../application/notification/notification-outbox';
import { webhookEndpointKind } from '../../application/webhook/webhook-endpoint.kind';
import { WebhookOutbox } from '../../application/webhook/webhook-outbox';
import { WEBHOOK_TOKENS, WebhookEndpointRepository, WebhookSecrets, WebhookSender } from '../../application/webhook/webhook.ports';
import { UrlPolicy } from '../../domain/webhook/webhook-endpoint';
import { AppConfig } from '../config';
import { declaredResourceModule } from './declared-resource.module';
import { Storage } from './storage';

/**
 * Webhooks (contract section 9): endpoints declared, the outbox and its
 * queue. Every area's use cases announce their changes through
 * `RecordEvents`, which the outbox turns into deliveries. Production sends
 * only to public addresses and takes only https endpoints.
 */
/** Pings an endpoint takes a minute: enough to test a receiver by hand, too few to make the service a load generator. */
export const PINGS_PER_ENDPOINT_PER_MINUTE = 5;

export function webhookModule(storage: Storage, config: AppConfig, limiters: LimiterStore, sender?: WebhookSender): ContainerModule {
  return declaredResourceModule(
    storage,
    {
      declaration: WEBHOOK_ENDPOINT_DECLARATION,
      kind: (context) =>
        webhookEndpointKind(
          context.get<WebhookEndpointRepository>(WEBHOOK_TOKENS.WebhookEndpointRepository),
          context.get<WebhookSecrets>(WEBHOOK_TOKENS.WebhookSecrets),
          context.get<SecretBox>(SHARED_TOKENS.SecretBox),
          context.get<UrlPolicy>(WEBHOOK_TOKENS.UrlPolicy),
        ),
      repositoryToken: WEBHOOK_TOKENS.WebhookEndpointRepository,
      repositories: { typeorm: TypeOrmWebhookEndpointRepository, memory: () => new InMemoryWebhookEndpointRepository() },
      controller: (records, context) => new WebhookController(recordUseCases(records), context.get(ListWebhookDeliveries), context.get(PingWebhookEndpoint)),
    },
    ({ bind }) => {
      if (storage.kind === 'typeorm') bind(WEBHOOK_TOKENS.WebhookQueue).to(TypeOrmWebhookQueue).inSingletonScope();
      else {
        bind(WEBHOOK_TOKENS.WebhookQueue)
          .toDynamicValue((context) => new InMemoryWebhookQueue(context.get<WebhookEndpointRepository>(WEBHOOK_TOKENS.WebhookEndpointRepository) as InMemoryWebhookEndpointRepository))
          .inSingletonScope();
      }
      bind(WEBHOOK_TOKENS.WebhookSender).toConstantValue(sender ?? new HttpWebhookSender({ publicAddressesOnly: config.production }));
      bind(WEBHOOK_TOKENS.WebhookSecrets).toConstantValue(new StandardWebhookSecrets());
      bind(WEBHOOK_TOKENS.EventPayloads).toConstantValue(new PresentedEventPayloads(new URL(config.publicBaseUrl).origin));
      bind(WEBHOOK_TOKENS.UrlPolicy).toConstantValue({ allowLocalHttp: !config.production } satisfies UrlPolicy);
      bind(WebhookOutbox).toSelf().inSingletonScope();
      // The changes are told to the webhooks' outbox and to the e-mails' (notification module), in the change's transaction.
      bind(EVENT_TOKENS.RecordEvents)
        .toDynamicValue((context) => new RecordEventListeners([context.get(WebhookOutbox), context.get(NotificationOutbox)]))
        .inSingletonScope();
      bind(WEBHOOK_TOKENS.PingLimit).toConstantValue(new FlexibleRateLimit(limiters, 'webhook-ping', PINGS_PER_ENDPOINT_PER_MINUTE, 60));
    },
  );
}
