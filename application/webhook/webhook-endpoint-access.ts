import { inject, injectable } from 'inversify';
import { Organisation } from '../../domain/organisation/organisation';
import { WebhookEndpoint } from '../../domain/webhook/webhook-endpoint';
import { Operation } from '../organisation/authorisation-policy';
import { OrganisationAccess } from '../organisation/organisation-access';
import { Actor } from '../shared/actor';
import { found } from '../shared/records';
import { WEBHOOK_TOKENS, WebhookEndpointRepository } from './webhook.ports';

/** An owner's endpoint by its unique_id: a stranger's 404, a member's 403, as everywhere. */
@injectable()
export class WebhookEndpointAccess {
  constructor(
    @inject(OrganisationAccess) private readonly access: OrganisationAccess,
    @inject(WEBHOOK_TOKENS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
  ) {}

  async endpoint(
    actor: Actor,
    organisationUniqueId: string,
    endpointUniqueId: string,
    operation: Operation,
    /** `forUpdate`: the endpoint's row stays locked until the transaction ends, for a write of it. */
    options: { forUpdate?: boolean } = {},
  ): Promise<{ organisation: Organisation; endpoint: WebhookEndpoint }> {
    const { organisation } = await this.access.authorise(actor, organisationUniqueId, operation);
    return { organisation, endpoint: found(await this.endpoints.findByUniqueId(organisation.id, endpointUniqueId, options)) };
  }
}
