import { InMemoryIdempotencyStore } from '../../../../adapters/persistence/in-memory/in-memory-idempotency.store';
import { InMemoryUnitOfWork } from '../../../../adapters/persistence/in-memory/in-memory-unit-of-work';
import { IdempotencyInProgress, IdempotencyMismatch } from '../../../../application/shared/errors';
import { IdempotentRequests, KEY_LIFETIME_MS, Outcome } from '../../../../application/shared/idempotency';
import { randomBytes } from 'node:crypto';
import { AesGcmSecretBox } from '../../../../adapters/security/aes-gcm-secret-box';
import { FixedClock } from '../../../support/fixed-clock';

describe('IdempotentRequests', () => {
  let store: InMemoryIdempotencyStore;
  let clock: FixedClock;
  let requests: IdempotentRequests;
  const request = (fingerprint = 'body-1', key = 'key-1') => ({ scope: 'person-1 /vendors/create', key, fingerprint });
  const answering = (outcome: Outcome) => {
    const handle = jest.fn(async () => outcome);
    return handle;
  };

  beforeEach(() => {
    store = new InMemoryIdempotencyStore();
    clock = new FixedClock();
    requests = new IdempotentRequests(store, new InMemoryUnitOfWork(), clock, new AesGcmSecretBox(randomBytes(32)));
  });

  it('gives the store the answer sealed and the fingerprint as a keyed digest, and replays the answer as first given', async () => {
    const kept: unknown[] = [];
    const claim = store.claim.bind(store);
    const complete = store.complete.bind(store);
    jest.spyOn(store, 'claim').mockImplementation((scope, key, fingerprint, now, before) => (kept.push(fingerprint), claim(scope, key, fingerprint, now, before)));
    jest.spyOn(store, 'complete').mockImplementation((scope, key, answer) => (kept.push(answer), complete(scope, key, answer)));
    const body = { banking_information: { account_number: '99887766' }, secret: 'whsec_abc' };

    await requests.execute(request('fingerprint-of-the-body'), answering({ status: 201, body, keep: true }));
    await expect(requests.execute(request('fingerprint-of-the-body'), answering({ status: 201, body: {}, keep: true }))).resolves.toEqual({
      answer: { status: 201, body },
      replayed: true,
    });
    const stored = JSON.stringify(kept);
    expect(stored).not.toContain('99887766');
    expect(stored).not.toContain('whsec_abc');
    expect(stored).not.toContain('fingerprint-of-the-body');
  });

  it('still replays an answer stored in clear before answers were sealed', async () => {
    await store.claim('person-1 /vendors/create', 'old', 'body-1', clock.now(), new Date(0));
    await store.complete('person-1 /vendors/create', 'old', { status: 201, body: { id: 'old' } });
    await expect(requests.execute(request('body-1', 'old'), answering({ status: 201, body: {}, keep: true }))).resolves.toEqual({
      answer: { status: 201, body: { id: 'old' } },
      replayed: true,
    });
    await expect(requests.execute(request('body-2', 'old'), answering({ status: 201, body: {}, keep: true }))).rejects.toBeInstanceOf(IdempotencyMismatch);
  });

  it('runs the first request, and answers a retry with its stored answer without running it', async () => {
    const handle = answering({ status: 201, body: { id: 1 }, keep: true });
    await expect(requests.execute(request(), handle)).resolves.toEqual({ answer: { status: 201, body: { id: 1 } }, replayed: false });
    await expect(requests.execute(request(), handle)).resolves.toEqual({ answer: { status: 201, body: { id: 1 } }, replayed: true });
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it('refuses the key with another body', async () => {
    await requests.execute(request('body-1'), answering({ status: 201, body: {}, keep: true }));
    await expect(requests.execute(request('body-2'), answering({ status: 201, body: {}, keep: true }))).rejects.toBeInstanceOf(IdempotencyMismatch);
  });

  it('stores a kept refusal, but forgets an answer not kept (a 5xx, a 429) so that a retry runs afresh', async () => {
    await requests.execute(request('a', 'refused'), answering({ status: 400, body: { name: ['This field is required.'] }, keep: true }));
    await expect(requests.execute(request('a', 'refused'), answering({ status: 201, body: {}, keep: true }))).resolves.toMatchObject({
      answer: { status: 400 },
      replayed: true,
    });

    await requests.execute(request('b', 'failed'), answering({ status: 500, body: { detail: 'A server error occurred.' }, keep: false }));
    const retry = answering({ status: 201, body: { id: 2 }, keep: true });
    await expect(requests.execute(request('b', 'failed'), retry)).resolves.toMatchObject({ answer: { status: 201 }, replayed: false });
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('forgets the key when the request throws', async () => {
    await expect(requests.execute(request(), async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(requests.execute(request(), answering({ status: 201, body: {}, keep: true }))).resolves.toMatchObject({ replayed: false });
  });

  it('answers 409 while the first request holds the key past the wait, and takes over a claim abandoned for a minute', async () => {
    await store.claim('person-1 /vendors/create', 'key-1', 'body-1', clock.now(), new Date(0)); // a request that never finished
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const waiting = requests.execute(request(), answering({ status: 201, body: {}, keep: true }));
      const outcome = expect(waiting).rejects.toBeInstanceOf(IdempotencyInProgress);
      await jest.advanceTimersByTimeAsync(5_100);
      await outcome;
    } finally {
      jest.useRealTimers();
    }

    clock.advance({ seconds: 61 });
    const handle = answering({ status: 201, body: { id: 3 }, keep: true });
    await expect(requests.execute(request(), handle)).resolves.toMatchObject({ replayed: false });
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it('purges keys past their lifetime, a bounded batch every hundred requests', async () => {
    await requests.execute(request('old', 'old-key'), answering({ status: 201, body: {}, keep: true }));
    clock.advance({ seconds: KEY_LIFETIME_MS / 1000 + 1 });
    for (let i = 0; i < 99; i++) await requests.execute(request(`n${i}`, `new-${i}`), answering({ status: 201, body: {}, keep: true }));

    const rerun = answering({ status: 201, body: { again: true }, keep: true });
    await expect(requests.execute(request('old', 'old-key'), rerun)).resolves.toMatchObject({ replayed: false });
    expect(rerun).toHaveBeenCalledTimes(1);
  });
});
