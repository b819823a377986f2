import { ListWebhookDeliveries } from '../../../application/webhook/list-webhook-deliveries.use-case';
import { PingWebhookEndpoint } from '../../../application/webhook/ping-webhook-endpoint.use-case';
import { WEBHOOK_ENDPOINT_DECLARATION as DECLARATION } from '../../declaration/webhook/webhook-endpoint.declaration';
import { RecordUseCases } from '../declared/declared-resource.controller';
import { orderingsOf, resourceInput } from '../declared/declared-input';
import { createdPresenterOf, createdSchemaOf, presenterOf, schemaOf } from '../declared/declared-presenter';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, HttpController } from '../shared/controller';
import { answers } from '../shared/answers';
import { Routes } from '../shared/routes';
import { readPage, sendPage } from '../validation/query';
import { DELIVERY_ATTEMPT_SCHEMA, presentDeliveryAttempt } from './webhook.presenter';

/**
 * `/api/v1.0/organisation/{uid}/webhooks/…` (contract section 9), the owner's
 * alone: the body, the answers and their schemas are the declaration's, the
 * use cases the generic record ones; the routes are theirs (PATCH alone, no
 * history, the list in creation order), with the ping and the deliveries.
 */
export class WebhookController implements HttpController {
  constructor(
    private readonly endpoints: RecordUseCases,
    private readonly listDeliveries: ListWebhookDeliveries,
    private readonly ping: PingWebhookEndpoint,
  ) {}

  register(routes: Routes): void {
    const base = `${API_PREFIX}/organisation/:org/webhooks`;
    const detail = `${base}/:id`;
    const input = resourceInput(DECLARATION);
    const schema = schemaOf(DECLARATION);
    const present = presenterOf(DECLARATION);
    const ordering = orderingsOf(DECLARATION).default;
    routes.add({
      method: 'GET',
      path: base,
      summary: 'List webhook endpoints',
      description: 'The organisation’s webhook endpoints, a page at a time. The owner only.',
      list: {},
      answers: [answers.page(schema)],
      errors: [403],
      handle: async (ctx) => {
        const page = readPage(ctx);
        sendPage(ctx, await this.endpoints.list.execute(actorOf(ctx), ctx.params.org, { page, filters: {}, ordering }), page, present);
      },
    });
    routes.add({
      method: 'POST',
      path: `${base}/create`,
      summary: 'Create a webhook endpoint',
      description: 'Registers a URL to receive the organisation’s events; the answer carries the signing secret, shown this once. The owner only.',
      body: { input },
      answers: [answers.created(createdSchemaOf(DECLARATION))],
      errors: [403],
      handle: async (ctx) => {
        const view = await this.endpoints.create.execute(actorOf(ctx), ctx.params.org, bindBody(ctx, input));
        ctx.status = 201;
        ctx.body = createdPresenterOf(DECLARATION)(view);
      },
    });
    routes.refuse(`${base}/create`, ['POST']);
    routes.add({
      method: 'GET',
      path: detail,
      summary: 'Get a webhook endpoint',
      description: 'One webhook endpoint (without its secret). The owner only.',
      answers: [answers.ok(schema)],
      errors: [403],
      handle: async (ctx) => {
        ctx.body = present(await this.endpoints.get.execute(actorOf(ctx), ctx.params.org, ctx.params.id));
      },
    });
    routes.add({
      method: 'PATCH',
      path: detail,
      summary: 'Update a webhook endpoint',
      description: 'Changes the fields sent (`url`, `events`, `is_active`). `If-Match` makes the change conditional on the version read. The owner only.',
      body: { input },
      answers: [answers.ok(schema)],
      errors: [403],
      precondition: detail,
      handle: async (ctx) => {
        const changes = bindBody(ctx, input, true);
        ctx.body = present(await this.endpoints.update.execute(actorOf(ctx), ctx.params.org, ctx.params.id, changes));
      },
    });
    routes.add({
      method: 'DELETE',
      path: detail,
      summary: 'Delete a webhook endpoint',
      description: 'Removes the endpoint; nothing more is delivered to it. The owner only.',
      answers: [answers.noContent()],
      errors: [403],
      precondition: detail,
      handle: async (ctx) => {
        await this.endpoints.delete.execute(actorOf(ctx), ctx.params.org, ctx.params.id);
        ctx.status = 204;
      },
    });
    routes.add({
      method: 'GET',
      path: `${detail}/deliveries`,
      summary: 'List deliveries',
      description: 'The delivery attempts to the endpoint, a page at a time. The owner only.',
      list: {},
      answers: [answers.page(DELIVERY_ATTEMPT_SCHEMA)],
      errors: [403],
      handle: async (ctx) => {
        const request = readPage(ctx);
        sendPage(ctx, await this.listDeliveries.execute(actorOf(ctx), ctx.params.org, ctx.params.id, request), request, presentDeliveryAttempt);
      },
    });
    routes.add({
      method: 'POST',
      path: `${detail}/ping`,
      summary: 'Ping an endpoint',
      description: 'Sends a test event to the endpoint now and answers the attempt. The owner only.',
      answers: [{ ...answers.ok(DELIVERY_ATTEMPT_SCHEMA), description: 'The attempt: whether the receiver answered 2xx, its status and how long it took.' }],
      errors: [403],
      handle: async (ctx) => {
        ctx.body = presentDeliveryAttempt(await this.ping.execute(actorOf(ctx), ctx.params.org, ctx.params.id));
      },
    });
  }
}

