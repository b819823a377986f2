import http from 'node:http';
import { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, isForbiddenAddress } from '../../../adapters/webhook/address-guard';
import { HttpWebhookSender } from '../../../adapters/webhook/http-webhook-sender';
import { StandardWebhookSecrets } from '../../../adapters/webhook/webhook-secrets';
import { WebhookReceiver } from '../../support/webhook-receiver';

describe('the addresses webhooks may not reach in production', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1'])(
    'refuses %s',
    (address) => expect(isForbiddenAddress(address)).toBe(true),
  );

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => expect(isForbiddenAddress(address)).toBe(false));

  it('refuses a name after it resolves to a private address (localhost)', async () => {
    const error = await new Promise<Error | null>((resolve) => guardedLookup('localhost', {}, (e) => resolve(e)));
    expect(error?.message).toMatch(/is not a public one/);
  });
});

describe('the HTTP webhook sender', () => {
  let server: http.Server;
  let url: string;
  const requests: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let answer: (response: http.ServerResponse) => void = (response) => response.end();

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        requests.push({ headers: request.headers, body });
        answer(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (requests.length = 0));

  const secret = new StandardWebhookSecrets().generate();
  const message = () => ({ url, secret, id: 'msg_1', timestamp: new Date(), body: '{"type":"vendor.created"}' });

  it('signs as Standard Webhooks does: the reference library verifies it', async () => {
    const outcome = await new HttpWebhookSender({ publicAddressesOnly: false }).send(message());
    expect(outcome).toMatchObject({ statusCode: 200, error: null });
    const [{ headers, body }] = requests;
    expect(body).toBe('{"type":"vendor.created"}');
    const headersOf = { 'webhook-id': String(headers['webhook-id']), 'webhook-timestamp': String(headers['webhook-timestamp']), 'webhook-signature': String(headers['webhook-signature']) };
    expect(new Webhook(secret).verify(body, headersOf)).toEqual({ type: 'vendor.created' });
    expect(() => new Webhook(new StandardWebhookSecrets().generate()).verify(body, headersOf)).toThrow();
  });

  it('does not follow a redirect: it is a failed attempt', async () => {
    answer = (response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      response.end();
    };
    const outcome = await new HttpWebhookSender({ publicAddressesOnly: false }).send(message());
    expect(outcome).toMatchObject({ statusCode: 302, error: 'The receiver answered 302.' });
    expect(requests).toHaveLength(1);
    answer = (response) => response.end();
  });

  it('gives up on a receiver that does not answer in time', async () => {
    answer = () => undefined; // never answers
    const outcome = await new HttpWebhookSender({ publicAddressesOnly: false, timeoutMs: 200 }).send(message());
    expect(outcome).toMatchObject({ statusCode: null, error: 'No answer within 0.2 s.' });
    answer = (response) => response.end();
  });

  it('reads at most 64 KiB of an answer whose body never ends, then closes it and keeps its status', async () => {
    const endless = await new WebhookReceiver().start();
    endless.streamEndlessly = true;
    try {
      const outcome = await new HttpWebhookSender({ publicAddressesOnly: false, timeoutMs: 3_000 }).send({ ...message(), url: endless.url });
      expect(outcome).toMatchObject({ statusCode: 200, error: null });
      expect(outcome.durationMs).toBeLessThan(1_500);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const written = endless.streamed;
      // 64 KiB read, and what was on its way when the sender closed (the receiver writes 4 MB/s: 12 MB in the time limit).
      expect(written).toBeGreaterThan(64 * 1024);
      expect(written).toBeLessThan(256 * 1024);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(endless.streamed).toBe(written); // closed: nothing more goes out
    } finally {
      await endless.close();
    }
  });

  it('in production reaches neither a private address nor a name that resolves to one', async () => {
    const sender = new HttpWebhookSender({ publicAddressesOnly: true });
    expect(await sender.send(message())).toMatchObject({ statusCode: null, error: 'The address 127.0.0.1 is not a public one.' });
    const byName = await sender.send({ ...message(), url: url.replace('127.0.0.1', 'localhost') });
    expect(byName.statusCode).toBeNull();
    expect(byName.error).toMatch(/is not a public one/);
    expect(requests).toEqual([]);
  });
});
