import { Choices, ChoiceOf } from '../shared/choices';
import { ValidationFailed } from '../shared/errors';
import { OrganisationRecord } from '../shared/organisation-record';
import { assertUniqueIdUnchanged } from '../shared/unique-id';
import { DISABLE_AFTER_FAILING_MS, WEBHOOK_EVENT_TYPES, WebhookEventType } from './webhook-events';

export const WEBHOOK_URL_MAX_LENGTH = 500;
/**
 * Endpoints an organisation may have: every event is sent to each, so the
 * endpoints one create request adds to each event's fan-out stay bounded.
 */
export const MAX_WEBHOOK_ENDPOINTS = 20;

/** Why an endpoint receives nothing: its owner said so, or every delivery failed for `DISABLE_AFTER_FAILING_MS`. */
export const DISABLED_REASONS = new Choices([
  ['owner', 'Disabled by the owner'],
  ['delivery_failures', 'Every delivery failed for 3 days'],
] as const);
export type DisabledReason = ChoiceOf<typeof DISABLED_REASONS>;

/** What a failed attempt did to its endpoint: nothing new, a run of failures started, or the endpoint disabled by it. */
export type FailureOutcome = 'unchanged' | 'recorded' | 'disabled';

/** Where deliveries may go: production takes only https; elsewhere http to this machine too (a receiver under development). */
export interface UrlPolicy {
  allowLocalHttp: boolean;
}

export interface WebhookEndpointSnapshot {
  id: string;
  uniqueId: string;
  organisationId: string;
  url: string;
  events: WebhookEventType[];
  isActive: boolean;
  /** The signing secret, sealed by the storage's secret box: the entity never sees it in clear. */
  sealedSecret: string;
  /** Since when every attempt has failed; null while deliveries succeed. */
  failingSince: Date | null;
  /** Since when it is inactive, and why; both null while it is active. */
  disabledAt: Date | null;
  disabledReason: DisabledReason | null;
  dateCreated: Date;
  lastUpdated: Date;
}

export interface WebhookEndpointChanges {
  uniqueId?: string;
  url?: string;
  events?: string[];
  isActive?: boolean;
}

export interface NewWebhookEndpoint {
  id: string;
  uniqueId: string;
  organisationId: string;
  url: string;
  events: string[];
  isActive?: boolean;
  sealedSecret: string;
  now: Date;
  /** How many endpoints its organisation has already. */
  endpointsInOrganisation: number;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A receiver of an organisation's events: its URL, the events it subscribed
 * to, and whether it still receives them. Every attempt failing for three
 * days disables it; a success clears the count, and so does the owner
 * enabling it again.
 */
export class WebhookEndpoint extends OrganisationRecord<WebhookEndpointSnapshot> {
  private constructor(state: WebhookEndpointSnapshot) {
    super(state);
  }

  static create(input: NewWebhookEndpoint, policy: UrlPolicy): WebhookEndpoint {
    if (input.endpointsInOrganisation >= MAX_WEBHOOK_ENDPOINTS) {
      throw ValidationFailed.field('non_field_errors', `An organisation can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: remove one to add another.`);
    }
    const isActive = input.isActive ?? true;
    return new WebhookEndpoint({
      id: input.id,
      uniqueId: input.uniqueId,
      organisationId: input.organisationId,
      url: checkedUrl(input.url, policy),
      events: checkedEvents(input.events),
      isActive,
      sealedSecret: input.sealedSecret,
      failingSince: null,
      disabledAt: isActive ? null : input.now,
      disabledReason: isActive ? null : 'owner',
      dateCreated: input.now,
      lastUpdated: input.now,
    });
  }

  /** For mappers only. */
  static restore(snapshot: WebhookEndpointSnapshot): WebhookEndpoint {
    return new WebhookEndpoint({ ...snapshot, events: [...snapshot.events] });
  }

  get url(): string {
    return this.state.url;
  }

  get isActive(): boolean {
    return this.state.isActive;
  }

  get sealedSecret(): string {
    return this.state.sealedSecret;
  }

  subscribesTo(type: WebhookEventType): boolean {
    return this.state.isActive && this.state.events.includes(type);
  }

  /**
   * Re-enabling an endpoint starts its failure count afresh; disabling it
   * keeps the reason it already had (the failures' when they disabled it).
   */
  change(changes: WebhookEndpointChanges, policy: UrlPolicy, now: Date): void {
    assertUniqueIdUnchanged(this.state.uniqueId, changes.uniqueId);
    let next: WebhookEndpointSnapshot = { ...this.state, lastUpdated: now };
    if (changes.url !== undefined) next.url = checkedUrl(changes.url, policy);
    if (changes.events !== undefined) next.events = checkedEvents(changes.events);
    if (changes.isActive === true && !this.state.isActive) {
      next = { ...next, isActive: true, failingSince: null, disabledAt: null, disabledReason: null };
    } else if (changes.isActive === false && this.state.isActive) {
      next = { ...next, isActive: false, disabledAt: now, disabledReason: 'owner' };
    }
    this.state = next;
  }

  /** A delivered message ends a run of failures. Answers whether anything changed. */
  recordSuccess(): boolean {
    if (this.state.failingSince === null) return false;
    this.state = { ...this.state, failingSince: null };
    return true;
  }

  /**
   * A failed attempt at `at`: the first of a run is remembered, and one that
   * comes three days or more after it, with no success between, disables the
   * endpoint.
   */
  recordFailure(at: Date): FailureOutcome {
    const failingSince = this.state.failingSince ?? at;
    if (this.state.isActive && at.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) {
      this.state = { ...this.state, failingSince, isActive: false, disabledAt: at, disabledReason: 'delivery_failures' };
      return 'disabled';
    }
    if (failingSince === this.state.failingSince) return 'unchanged';
    this.state = { ...this.state, failingSince };
    return 'recorded';
  }

  get failingSince(): Date | null {
    return this.state.failingSince;
  }

  get disabledAt(): Date | null {
    return this.state.disabledAt;
  }

  get disabledReason(): DisabledReason | null {
    return this.state.disabledReason;
  }
}

function checkedUrl(text: string, policy: UrlPolicy): string {
  const invalid = () => ValidationFailed.field('url', 'Enter a valid URL.');
  if (text.length > WEBHOOK_URL_MAX_LENGTH) throw ValidationFailed.field('url', `Ensure this field has no more than ${WEBHOOK_URL_MAX_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid();
  }
  if (url.username || url.password) throw ValidationFailed.field('url', 'The URL may not carry credentials.');
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && policy.allowLocalHttp && LOCAL_HOSTS.has(url.hostname)) return url.href;
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    throw ValidationFailed.field('url', policy.allowLocalHttp ? 'Use https (http only to localhost).' : 'Use https.');
  }
  throw invalid();
}

function checkedEvents(events: string[]): WebhookEventType[] {
  if (events.length === 0) throw ValidationFailed.field('events', 'This list may not be empty.');
  const unknown = events.filter((event) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event));
  if (unknown.length > 0) throw ValidationFailed.field('events', `"${unknown[0]}" is not a valid choice.`);
  return [...new Set(events)] as WebhookEventType[];
}
