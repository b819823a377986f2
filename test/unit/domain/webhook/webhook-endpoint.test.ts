import { ValidationFailed } from '../../../../domain/shared/errors';
import { WebhookEndpoint } from '../../../../domain/webhook/webhook-endpoint';
import { nextAttemptAt } from '../../../../domain/webhook/webhook-events';

const production = { allowLocalHttp: false };
const development = { allowLocalHttp: true };
const at = (iso: string) => new Date(iso);

function anEndpoint(overrides: Partial<Parameters<typeof WebhookEndpoint.create>[0]> = {}, policy = production): WebhookEndpoint {
  return WebhookEndpoint.create(
    { id: 'e1', uniqueId: 'crm', organisationId: 'o1', url: 'https://hooks.example.com/in', events: ['vendor.created'], sealedSecret: 'sealed', now: at('2026-03-01T00:00:00Z'), endpointsInOrganisation: 0, ...overrides },
    policy,
  );
}

function fieldErrorsOf(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    if (error instanceof ValidationFailed) return error.errors;
    throw error;
  }
  throw new Error('no ValidationFailed');
}

describe('a webhook endpoint', () => {
  it('takes https anywhere, and http only to this machine outside production', () => {
    expect(anEndpoint().url).toBe('https://hooks.example.com/in');
    expect(anEndpoint({ url: 'http://localhost:3000/hook' }, development).url).toBe('http://localhost:3000/hook');
    expect(anEndpoint({ url: 'http://127.0.0.1:3000/hook' }, development).url).toBe('http://127.0.0.1:3000/hook');
    expect(fieldErrorsOf(() => anEndpoint({ url: 'http://localhost:3000/hook' }, production))).toEqual({ url: ['Use https.'] });
    expect(fieldErrorsOf(() => anEndpoint({ url: 'http://example.com/hook' }, development))).toEqual({ url: ['Use https (http only to localhost).'] });
    expect(fieldErrorsOf(() => anEndpoint({ url: 'not a url' }))).toEqual({ url: ['Enter a valid URL.'] });
    expect(fieldErrorsOf(() => anEndpoint({ url: 'https://u:p@example.com/' }))).toEqual({ url: ['The URL may not carry credentials.'] });
  });

  it('subscribes to known events only, each once, and not to none', () => {
    expect(anEndpoint({ events: ['vendor.created', 'vendor.created', 'lead.won'] }).snapshot().events).toEqual(['vendor.created', 'lead.won']);
    expect(fieldErrorsOf(() => anEndpoint({ events: [] }))).toEqual({ events: ['This list may not be empty.'] });
    expect(fieldErrorsOf(() => anEndpoint({ events: ['vendor.exploded'] }))).toEqual({ events: ['"vendor.exploded" is not a valid choice.'] });
  });

  it('is one of at most 20 of its organisation: the 21st is refused for the whole body', () => {
    expect(anEndpoint({ endpointsInOrganisation: 19 }).url).toBe('https://hooks.example.com/in');
    expect(fieldErrorsOf(() => anEndpoint({ endpointsInOrganisation: 20 }))).toEqual({
      non_field_errors: ['An organisation can have at most 20 webhook endpoints: remove one to add another.'],
    });
  });

  it('receives what it subscribed to only while active', () => {
    const endpoint = anEndpoint();
    expect(endpoint.subscribesTo('vendor.created')).toBe(true);
    expect(endpoint.subscribesTo('vendor.deleted')).toBe(false);
    endpoint.change({ isActive: false }, production, at('2026-03-02T00:00:00Z'));
    expect(endpoint.subscribesTo('vendor.created')).toBe(false);
  });

  it('is disabled once every attempt has failed for three days, and a success in between starts the count again', () => {
    const endpoint = anEndpoint();
    expect(endpoint.recordFailure(at('2026-03-01T00:00:00Z'))).toBe('recorded');
    expect(endpoint.failingSince).toEqual(at('2026-03-01T00:00:00Z'));
    expect(endpoint.recordFailure(at('2026-03-03T23:59:59Z'))).toBe('unchanged');
    expect(endpoint.isActive).toBe(true);
    expect(endpoint.recordSuccess()).toBe(true);
    expect(endpoint.failingSince).toBeNull();
    expect(endpoint.recordFailure(at('2026-03-04T00:00:00Z'))).toBe('recorded');
    expect(endpoint.recordFailure(at('2026-03-06T23:59:59Z'))).toBe('unchanged');
    expect(endpoint.isActive).toBe(true);
    expect(endpoint.recordFailure(at('2026-03-07T00:00:00Z'))).toBe('disabled');
    expect(endpoint.isActive).toBe(false);
    expect(endpoint.subscribesTo('vendor.created')).toBe(false);
    expect(endpoint.snapshot()).toMatchObject({
      failingSince: at('2026-03-04T00:00:00Z'),
      disabledAt: at('2026-03-07T00:00:00Z'),
      disabledReason: 'delivery_failures',
    });
  });

  it('is disabled once only: a failure that settles afterwards (an attempt already out) changes nothing', () => {
    const endpoint = anEndpoint();
    endpoint.recordFailure(at('2026-03-01T00:00:00Z'));
    expect(endpoint.recordFailure(at('2026-03-04T00:00:00Z'))).toBe('disabled');
    expect(endpoint.recordFailure(at('2026-03-04T00:00:05Z'))).toBe('unchanged');
    expect(endpoint.disabledAt).toEqual(at('2026-03-04T00:00:00Z'));
  });

  it('forgets its failures and why it was disabled when the owner enables it again', () => {
    const endpoint = anEndpoint();
    endpoint.recordFailure(at('2026-03-01T00:00:00Z'));
    endpoint.recordFailure(at('2026-03-04T00:00:00Z'));
    endpoint.change({ isActive: true }, production, at('2026-03-05T00:00:00Z'));
    expect(endpoint.isActive).toBe(true);
    expect(endpoint.snapshot()).toMatchObject({ failingSince: null, disabledAt: null, disabledReason: null });
    // A new run of failures needs three days of its own.
    expect(endpoint.recordFailure(at('2026-03-05T00:00:01Z'))).toBe('recorded');
    expect(endpoint.recordFailure(at('2026-03-07T00:00:00Z'))).toBe('unchanged');
    expect(endpoint.isActive).toBe(true);
  });

  it('says when its owner disabled it (or created it inactive), and keeps the failures’ reason when the owner disables it after them', () => {
    const switched = anEndpoint();
    switched.change({ isActive: false }, production, at('2026-03-02T00:00:00Z'));
    expect(switched.snapshot()).toMatchObject({ isActive: false, disabledAt: at('2026-03-02T00:00:00Z'), disabledReason: 'owner' });
    expect(anEndpoint({ isActive: false }).snapshot()).toMatchObject({ disabledAt: at('2026-03-01T00:00:00Z'), disabledReason: 'owner' });
    expect(anEndpoint().snapshot()).toMatchObject({ disabledAt: null, disabledReason: null });

    const failed = anEndpoint();
    failed.recordFailure(at('2026-03-01T00:00:00Z'));
    failed.recordFailure(at('2026-03-04T00:00:00Z'));
    failed.change({ isActive: false, url: 'https://hooks.example.com/other' }, production, at('2026-03-05T00:00:00Z'));
    expect(failed.snapshot()).toMatchObject({ disabledAt: at('2026-03-04T00:00:00Z'), disabledReason: 'delivery_failures' });
  });

  it('keeps its unique_id', () => {
    expect(fieldErrorsOf(() => anEndpoint().change({ uniqueId: 'other' }, production, at('2026-03-02T00:00:00Z')))).toEqual({
      unique_id: ['This field cannot be changed.'],
    });
  });
});

describe('the retry schedule', () => {
  it('waits 1 min, 5 min, 30 min, 2 h and 8 h, then gives up', () => {
    const failedAt = at('2026-03-01T00:00:00Z');
    const waits = [1, 2, 3, 4, 5, 6].map((failures) => {
      const next = nextAttemptAt(failures, failedAt);
      return next === null ? null : (next.getTime() - failedAt.getTime()) / 60_000;
    });
    expect(waits).toEqual([1, 5, 30, 120, 480, null]);
  });
});
