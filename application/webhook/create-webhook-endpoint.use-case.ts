import { inject, injectable } from 'inversify';
import { UrlPolicy, WebhookEndpoint } from '../../domain/webhook/webhook-endpoint';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { Clock, IdGenerator, SecretBox, SHARED_TOKENS, UnitOfWork } from '../shared/ports';
import { newUniqueId } from '../shared/records';
import { WEBHOOK_TOKENS, WebhookEndpointRepository, WebhookSecrets } from './webhook.ports';

export interface NewWebhookEndpointCommand {
  uniqueId?: string;
  url: string;
  events: string[];
  isActive?: boolean;
}

/** The owner adds a receiver; its signing secret is answered this once and kept sealed. */
@injectable()
export class CreateWebhookEndpoint {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(WEBHOOK_TOKENS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(WEBHOOK_TOKENS.WebhookSecrets) private readonly secrets: WebhookSecrets,
    @inject(WEBHOOK_TOKENS.UrlPolicy) private readonly policy: UrlPolicy,
    @inject(SHARED_TOKENS.SecretBox) private readonly box: SecretBox,
    @inject(SHARED_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(SHARED_TOKENS.UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(SHARED_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, organisationUniqueId: string, command: NewWebhookEndpointCommand): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const secret = this.secrets.generate();
    const endpoint = await this.unitOfWork.transaction(async () => {
      const { organisation } = await this.access.authorise(actor, organisationUniqueId, 'webhooks.create');
      const existing = (uid: string) => this.endpoints.findByUniqueId(organisation.id, uid);
      const endpoint = WebhookEndpoint.create(
        {
          ...command,
          id: this.ids.next(),
          uniqueId: await newUniqueId(command.uniqueId, this.ids, existing, 'webhook'),
          organisationId: organisation.id,
          sealedSecret: this.box.seal(secret),
          now: this.clock.now(),
        },
        this.policy,
      );
      await this.endpoints.save(endpoint);
      return endpoint;
    });
    return { endpoint, secret };
  }
}
