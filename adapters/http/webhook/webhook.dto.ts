import { WEBHOOK_URL_MAX_LENGTH } from '../../../domain/webhook/webhook-endpoint';
import { WEBHOOK_EVENT_TYPES, WebhookEventType } from '../../../domain/webhook/webhook-events';
import { fields } from '../validation/fields';
import { Input } from '../validation/input';

/**
 * The URL is checked by the domain (https; http to localhost outside
 * production); `fields.text` only bounds it, so that its messages stay one.
 */
export class NewWebhookEndpointInput {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('url', fields.text({ required: true, max: WEBHOOK_URL_MAX_LENGTH })) url!: string;
  @Input('events', fields.multipleChoice(WEBHOOK_EVENT_TYPES, { required: true })) events!: WebhookEventType[];
  @Input('is_active', fields.boolean()) isActive?: boolean;
}

export class WebhookEndpointChangesInput {
  @Input('unique_id', fields.uniqueId()) uniqueId?: string;
  @Input('url', fields.text({ max: WEBHOOK_URL_MAX_LENGTH })) url?: string;
  @Input('events', fields.multipleChoice(WEBHOOK_EVENT_TYPES)) events?: WebhookEventType[];
  @Input('is_active', fields.boolean()) isActive?: boolean;
}
