import { randomBytes } from 'node:crypto';
import { InMemoryMembershipRepository, InMemoryOrganisationRepository } from '../../../../adapters/persistence/in-memory/in-memory-organisation.repository';
import { InMemoryWebhookEndpointRepository, InMemoryWebhookQueue } from '../../../../adapters/persistence/in-memory/in-memory-webhooks';
import { actingContext } from '../../../../adapters/system/acting-context';
import { UuidV7Generator } from '../../../../adapters/system/uuid-v7-generator';
import { OrganisationAccess } from '../../../../application/organisation/organisation-access';
import { MemberOrganisation } from '../../../../application/organisation/organisation.ports';
import { WebhookAudience } from '../../../../application/webhook/webhook-audience';
import { WebhookOutbox } from '../../../../application/webhook/webhook-outbox';
import { Organisation } from '../../../../domain/organisation/organisation';
import { WebhookEndpoint } from '../../../../domain/webhook/webhook-endpoint';
import { FixedClock } from '../../../support/fixed-clock';
import { AesGcmSecretBox } from '../../../../adapters/security/aes-gcm-secret-box';
import { openPayload } from '../../../../application/webhook/webhook-outbox';
import { InMemoryUnitOfWork } from '../../../../adapters/persistence/in-memory/in-memory-unit-of-work';

/** The organisations' store of a database, which tells with an organisation whether it has active endpoints. */
class TellingOrganisations extends InMemoryOrganisationRepository {
  constructor(
    memberships: InMemoryMembershipRepository,
    private readonly endpoints: InMemoryWebhookEndpointRepository,
  ) {
    super(memberships);
  }

  override async findForMember(uniqueId: string, personId: string): Promise<MemberOrganisation | null> {
    const found = await super.findForMember(uniqueId, personId);
    if (!found) return null;
    const active = (await this.endpoints.list(found.organisation.id, { page: { page: 1, pageSize: 100 }, filters: {}, ordering: { field: 'date_created', descending: false } })).items.some((endpoint) => endpoint.isActive);
    return { ...found, hasWebhookEndpoints: active };
  }
}

/** Endpoints whose reads for an event are counted. */
class CountingEndpoints extends InMemoryWebhookEndpointRepository {
  reads = 0;

  override async subscribedTo(...args: Parameters<InMemoryWebhookEndpointRepository['subscribedTo']>) {
    this.reads += 1;
    return super.subscribedTo(...args);
  }
}

describe('the webhook outbox, told by the organisation’s read that nobody listens', () => {
  const ids = new UuidV7Generator();
  const clock = new FixedClock('2026-03-15T10:00:00.000Z');
  let endpoints: CountingEndpoints;
  let queue: InMemoryWebhookQueue;
  let access: OrganisationAccess;
  let outbox: WebhookOutbox;
  let organisation: Organisation;
  const owner = { personId: 'owner' };
  const box = new AesGcmSecretBox(randomBytes(32));

  beforeEach(async () => {
    endpoints = new CountingEndpoints();
    queue = new InMemoryWebhookQueue(endpoints);
    const memberships = new InMemoryMembershipRepository();
    const organisations = new TellingOrganisations(memberships, endpoints);
    const audience = new WebhookAudience();
    access = new OrganisationAccess(organisations, memberships, audience, new InMemoryUnitOfWork());
    outbox = new WebhookOutbox(endpoints, queue, { present: (subject) => ({ model: subject.model, account_number: '12345678' }) }, ids, clock, audience, box, actingContext);
    organisation = Organisation.found({ id: ids.next(), uniqueId: 'org', name: 'Org', ownerId: owner.personId, now: clock.now() });
    await organisations.save(organisation);
    await memberships.add({ organisationId: organisation.id, personId: owner.personId, role: 'owner', dateJoined: clock.now() });
  });

  const publishAs = async (on: { id: string; uniqueId: string }) =>
    outbox.publish({ organisation: on, type: 'vendor.created', recordId: 'v1', subject: { model: 'vendor', declared: true, view: {} as never } });

  const addEndpoint = (isActive = true) =>
    endpoints.save(
      WebhookEndpoint.create(
        { id: ids.next(), uniqueId: ids.next(), organisationId: organisation.id, url: 'https://hooks.example.com/in', events: ['vendor.created'], isActive, sealedSecret: 's', now: clock.now(), endpointsInOrganisation: 0 },
        { allowLocalHttp: false },
      ),
    );

  it('reads no endpoint and queues nothing for an organisation read without active endpoints', async () => {
    await addEndpoint(false);
    const grant = await access.authorise(owner, 'org', 'expenses.view_receipt');
    await publishAs(grant.organisation);
    expect(endpoints.reads).toBe(0);
    expect(await queue.backlog()).toBe(0);
  });

  it('queues the event for an organisation read with an active endpoint', async () => {
    await addEndpoint();
    const grant = await access.authorise(owner, 'org', 'expenses.view_receipt');
    await publishAs(grant.organisation);
    expect(endpoints.reads).toBe(1);
    expect(await queue.backlog()).toBe(1);
  });

  it('reads again for the next request: an endpoint added since is sent the next change', async () => {
    const before = await access.authorise(owner, 'org', 'expenses.view_receipt');
    await addEndpoint();
    await publishAs(before.organisation); // that request read the organisation before the endpoint existed
    expect(await queue.backlog()).toBe(0);
    const after = await access.authorise(owner, 'org', 'expenses.view_receipt');
    await publishAs(after.organisation);
    expect(await queue.backlog()).toBe(1);
  });

  it('queues the body sealed, to be sent as presented', async () => {
    await addEndpoint();
    await publishAs({ id: organisation.id, uniqueId: organisation.uniqueId });
    const [delivery] = await queue.claim(clock.now(), 10, new Date(clock.now().getTime() + 60_000));
    expect(delivery.payload).not.toContain('12345678');
    expect(JSON.parse(openPayload(box, delivery.payload))).toMatchObject({ type: 'vendor.created', data: { model: 'vendor', account_number: '12345678' } });
  });

  it('reads the endpoints for an organisation it was told nothing about', async () => {
    await addEndpoint();
    await publishAs({ id: organisation.id, uniqueId: organisation.uniqueId });
    expect(endpoints.reads).toBe(1);
    expect(await queue.backlog()).toBe(1);
  });
});
