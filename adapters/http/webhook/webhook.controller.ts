import { inject, injectable } from 'inversify';
import { CreateWebhookEndpoint } from '../../../application/webhook/create-webhook-endpoint.use-case';
import { DeleteWebhookEndpoint } from '../../../application/webhook/delete-webhook-endpoint.use-case';
import { GetWebhookEndpoint } from '../../../application/webhook/get-webhook-endpoint.use-case';
import { ListWebhookDeliveries } from '../../../application/webhook/list-webhook-deliveries.use-case';
import { ListWebhookEndpoints } from '../../../application/webhook/list-webhook-endpoints.use-case';
import { PingWebhookEndpoint } from '../../../application/webhook/ping-webhook-endpoint.use-case';
import { UpdateWebhookEndpoint } from '../../../application/webhook/update-webhook-endpoint.use-case';
import { actorOf } from '../middleware/authentication';
import { bindBody } from '../shared/bind-body';
import { API_PREFIX, HttpController } from '../shared/controller';
import { answers } from '../shared/answers';
import { Routes } from '../shared/routes';
import { readPage, sendPage } from '../validation/query';
import { NewWebhookEndpointInput, WebhookEndpointChangesInput } from './webhook.dto';
import {
  DELIVERY_ATTEMPT_SCHEMA,
  NEW_WEBHOOK_ENDPOINT_SCHEMA,
  presentDeliveryAttempt,
  presentNewWebhookEndpoint,
  presentWebhookEndpoint,
  WEBHOOK_ENDPOINT_SCHEMA,
} from './webhook.presenter';

/** `/api/v1.0/organisation/{uid}/webhooks/…` (contract section 9), the owner's alone. */
@injectable()
export class WebhookController implements HttpController {
  constructor(
    @inject(ListWebhookEndpoints) private readonly listEndpoints: ListWebhookEndpoints,
    @inject(CreateWebhookEndpoint) private readonly createEndpoint: CreateWebhookEndpoint,
    @inject(GetWebhookEndpoint) private readonly getEndpoint: GetWebhookEndpoint,
    @inject(UpdateWebhookEndpoint) private readonly updateEndpoint: UpdateWebhookEndpoint,
    @inject(DeleteWebhookEndpoint) private readonly deleteEndpoint: DeleteWebhookEndpoint,
    @inject(ListWebhookDeliveries) private readonly listDeliveries: ListWebhookDeliveries,
    @inject(PingWebhookEndpoint) private readonly ping: PingWebhookEndpoint,
  ) {}

  register(routes: Routes): void {
    const base = `${API_PREFIX}/organisation/:org/webhooks`;
    const detail = `${base}/:id`;
    routes.add({
      method: 'GET',
      path: base,
      summary: 'List webhook endpoints',
      description: 'The organisation’s webhook endpoints, a page at a time. The owner only.',
      list: {},
      answers: [answers.page(WEBHOOK_ENDPOINT_SCHEMA)],
      errors: [403],
      handle: async (ctx) => {
        const request = readPage(ctx);
        sendPage(ctx, await this.listEndpoints.execute(actorOf(ctx), ctx.params.org, request), request, presentWebhookEndpoint);
      },
    });
    routes.add({
      method: 'POST',
      path: `${base}/create`,
      summary: 'Create a webhook endpoint',
      description: 'Registers a URL to receive the organisation’s events; the answer carries the signing secret, shown this once. The owner only.',
      body: { input: NewWebhookEndpointInput },
      answers: [answers.created(NEW_WEBHOOK_ENDPOINT_SCHEMA)],
      errors: [403],
      handle: async (ctx) => {
        const { endpoint, secret } = await this.createEndpoint.execute(actorOf(ctx), ctx.params.org, bindBody(ctx, NewWebhookEndpointInput));
        ctx.status = 201;
        ctx.body = presentNewWebhookEndpoint(endpoint, secret);
      },
    });
    routes.refuse(`${base}/create`, ['POST']);
    routes.add({
      method: 'GET',
      path: detail,
      summary: 'Get a webhook endpoint',
      description: 'One webhook endpoint (without its secret). The owner only.',
      answers: [answers.ok(WEBHOOK_ENDPOINT_SCHEMA)],
      errors: [403],
      handle: async (ctx) => {
        ctx.body = presentWebhookEndpoint(await this.getEndpoint.execute(actorOf(ctx), ctx.params.org, ctx.params.id));
      },
    });
    routes.add({
      method: 'PATCH',
      path: detail,
      summary: 'Update a webhook endpoint',
      description: 'Changes the fields sent (`url`, `events`, `is_active`). `If-Match` makes the change conditional on the version read. The owner only.',
      body: { input: WebhookEndpointChangesInput },
      answers: [answers.ok(WEBHOOK_ENDPOINT_SCHEMA)],
      errors: [403],
      precondition: detail,
      handle: async (ctx) => {
        const changes = bindBody(ctx, WebhookEndpointChangesInput, true);
        ctx.body = presentWebhookEndpoint(await this.updateEndpoint.execute(actorOf(ctx), ctx.params.org, ctx.params.id, changes));
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
        await this.deleteEndpoint.execute(actorOf(ctx), ctx.params.org, ctx.params.id);
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
