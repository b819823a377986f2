import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiClient } from '../support/api-client';
import { signUp } from '../support/accounts';
import { anExpense, expensePaths } from '../support/expenses';
import { ServerProcess, startServerProcess } from '../support/server-process';

/**
 * The server as `npm start` runs it, in a child process on SQLite in
 * `dataDir`: SIGTERM drains in-flight requests and exits 0; after `kill -9`
 * nothing acknowledged is lost.
 */
function startServer(dataDir: string): Promise<ServerProcess> {
  return startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
}

describe('the server process', () => {
  // Each test starts one or two servers from the TypeScript sources (seconds each, more on a busy machine).
  jest.setTimeout(120_000);
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'api-process-'));
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes a request whose body is still arriving when SIGTERM comes, then exits 0', async () => {
    const server = await startServer(dataDir);
    const user = await signUp(new ApiClient(`http://127.0.0.1:${server.port}`));

    const body = JSON.stringify({ job_title: 'Written during shutdown' });
    const auth = `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}`;
    const response = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: server.port, method: 'PATCH', path: '/api/v1.0/me/', headers: { Authorization: auth, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 300);
      }, 200);
    });

    const answered = await response;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text).job_title).toBe('Written during shutdown');
    expect(answered.connection).toBe('close');
    expect(await server.exited).toBe(0);

    const restarted = await startServer(dataDir);
    const me = await new ApiClient(`http://127.0.0.1:${restarted.port}`).basic(user.email, user.password).get('/api/v1.0/me/');
    expect(me.body.job_title).toBe('Written during shutdown');
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  it('finishes every multipart upload half-sent when SIGTERM comes, its receipt kept', async () => {
    const server = await startServer(dataDir);
    const user = await signUp(new ApiClient(`http://127.0.0.1:${server.port}`));
    const auth = `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}`;
    await user.api.get('/api/v1.0/me/'); // the credential is verified once, before the uploads
    const paths = expensePaths(user.organisationUniqueId);
    const receipt = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(256 * 1024), Buffer.from('\n%%EOF\n')]);

    // Each upload's headers and first half are in the server's socket buffers when the signal
    // comes, though the server may not have read them yet: still a request in flight.
    const halfSent: Promise<void>[] = [];
    const uploads = Array.from({ length: 8 }, (_, n) => {
      const { body, contentType } = multipartBody(anExpense({ title: `Upload ${n}` }), receipt);
      return new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'POST',
            path: paths.create,
            headers: { Authorization: auth, 'Content-Type': contentType, 'Content-Length': body.length },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, text }));
          },
        );
        request.on('error', reject);
        halfSent.push(new Promise((sent) => request.write(body.subarray(0, body.length / 2), () => sent())));
        setTimeout(() => request.end(body.subarray(body.length / 2)), 600);
      });
    });
    await Promise.all(halfSent);
    server.child.kill('SIGTERM');

    const answers = await Promise.all(uploads);
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(await server.exited).toBe(0);

    const restarted = await startServer(dataDir);
    const api = new ApiClient(`http://127.0.0.1:${restarted.port}`).basic(user.email, user.password);
    for (const answer of answers) {
      const download = await api.get(paths.receipt(JSON.parse(answer.text).unique_id));
      expect(download.status).toBe(200);
    }
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  it('serves every request still waiting in the listen backlog when SIGTERM comes', async () => {
    const server = await startServer(dataDir);
    const user = await signUp(new ApiClient(`http://127.0.0.1:${server.port}`));
    const auth = `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}`;
    await user.api.get('/api/v1.0/me/'); // the credential is verified once, before the creates
    const vendors = `/api/v1.0/organisation/${user.organisationUniqueId}/vendors/`;

    // The server is not scheduled while the clients connect, as on a busy machine: the kernel
    // completes every connection, which waits in the listen backlog with its request sent.
    server.child.kill('SIGSTOP');
    const connected: Promise<void>[] = [];
    const answers = Array.from({ length: 24 }, (_, n) => {
      const body = JSON.stringify({ name: `Backlog ${n}` });
      const socket = net.connect(server.port, '127.0.0.1');
      connected.push(new Promise((resolve) => socket.once('connect', () => resolve())));
      socket.write(
        `POST ${vendors}create/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return new Promise<string>((resolve, reject) => {
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (text += chunk));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
    });
    await Promise.all(connected);
    server.child.kill('SIGTERM');
    server.child.kill('SIGCONT');

    const statusLines = (await Promise.all(answers)).map((text) => text.slice(0, text.indexOf('\r\n')));
    expect(statusLines).toEqual(Array(24).fill('HTTP/1.1 201 Created'));
    expect(await server.exited).toBe(0);

    const restarted = await startServer(dataDir);
    const api = new ApiClient(`http://127.0.0.1:${restarted.port}`).basic(user.email, user.password);
    expect((await api.get(vendors)).headers.get('X-Total-Count')).toBe('24');
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  it('answers every create it commits when SIGTERM comes under a keep-alive load of lists and creates', async () => {
    const server = await startServer(dataDir);
    const user = await signUp(new ApiClient(`http://127.0.0.1:${server.port}`));
    const auth = `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}`;
    await user.api.get('/api/v1.0/me/'); // the credential is verified once, before the load
    const vendors = `/api/v1.0/organisation/${user.organisationUniqueId}/vendors/`;

    // 32 clients, each on a keep-alive connection of its own, alternate a list and a create until
    // the server stops answering them; none retries. A create that was answered 201 is recorded.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const send = (method: string, path: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const headers: Record<string, string | number> = { Authorization: auth };
        if (body !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
        const request = http.request({ host: '127.0.0.1', port: server.port, method, path, headers, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
          res.on('error', reject);
        });
        request.on('error', reject);
        request.end(body);
      });
    const acknowledged = new Set<string>();
    let sent = 0;
    const client = async (n: number) => {
      for (let i = 0; ; i++) {
        const name = `Load ${n}-${i}`;
        try {
          await send('GET', `${vendors}?page_size=5`);
          sent += 1;
          if ((await send('POST', `${vendors}create/`, JSON.stringify({ name }))) === 201) acknowledged.add(name);
        } catch {
          return; // refused or cut: this client gives up, as one that does not retry would
        }
      }
    };
    const clients = Array.from({ length: 32 }, (_, n) => client(n));
    while (sent < 200) await new Promise((resolve) => setTimeout(resolve, 10));
    server.child.kill('SIGTERM');
    await Promise.all(clients);
    agent.destroy();
    expect(await server.exited).toBe(0);

    const restarted = await startServer(dataDir);
    const api = new ApiClient(`http://127.0.0.1:${restarted.port}`).basic(user.email, user.password);
    const stored = ((await api.get(`${vendors}?page_size=1000`)).body as { name: string }[]).map((vendor) => vendor.name);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(stored.filter((name) => !acknowledged.has(name))).toEqual([]);
    expect(stored.length).toBe(acknowledged.size);
  }, 120_000);

  it('leaves undone a request pipelined behind the last answer of a connection when SIGTERM comes', async () => {
    const server = await startServer(dataDir);
    const user = await signUp(new ApiClient(`http://127.0.0.1:${server.port}`));
    const auth = `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}`;
    await user.api.get('/api/v1.0/me/'); // the credential is verified once, before the creates
    const vendors = `/api/v1.0/organisation/${user.organisationUniqueId}/vendors/`;
    const create = (name: string) => {
      const body = JSON.stringify({ name });
      return (
        `POST ${vendors}create/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
      );
    };

    // The first create's body is still arriving when the signal comes; the second follows it on the
    // same connection before the first is answered (HTTP/1.1 pipelining).
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const first = create('Pipelined first');
    const received = new Promise<string>((resolve, reject) => {
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    socket.write(first.slice(0, first.length - 5));
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(first.slice(first.length - 5) + create('Pipelined second'));

    const text = await received;
    expect(text.slice(0, text.indexOf('\r\n'))).toBe('HTTP/1.1 201 Created');
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(await server.exited).toBe(0);

    const restarted = await startServer(dataDir);
    const api = new ApiClient(`http://127.0.0.1:${restarted.port}`).basic(user.email, user.password);
    const stored = ((await api.get(vendors)).body as { name: string }[]).map((vendor) => vendor.name);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(stored).toEqual(['Pipelined first']);
  }, 120_000);

  it('replays, after kill -9 and a restart, the answer of a create acknowledged under an Idempotency-Key', async () => {
    const server = await startServer(dataDir);
    const user = await signUp(new ApiClient(`http://127.0.0.1:${server.port}`));
    const path = `/api/v1.0/organisation/${user.organisationUniqueId}/vendors/create/`;
    const key = { headers: { 'Idempotency-Key': 'order-7781' } };
    const created = await user.api.post(path, { name: 'Acme Supplies', email: 'billing@acme.example' }, key);
    expect(created.status).toBe(201);
    server.child.kill('SIGKILL');
    await server.exited;

    const restarted = await startServer(dataDir);
    const api = new ApiClient(`http://127.0.0.1:${restarted.port}`).basic(user.email, user.password);
    const retried = await api.post(path, { name: 'Acme Supplies', email: 'billing@acme.example' }, key);
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(created.body);
    expect(retried.headers.get('Idempotent-Replayed')).toBe('true');
    expect(Number((await api.get(`/api/v1.0/organisation/${user.organisationUniqueId}/vendors/`)).headers.get('X-Total-Count'))).toBe(1);
    restarted.child.kill('SIGTERM');
    await restarted.exited;
  });

  it('keeps every acknowledged write after kill -9', async () => {
    const server = await startServer(dataDir);
    const client = new ApiClient(`http://127.0.0.1:${server.port}`);
    const user = await signUp(client);
    const written = await user.api.patch('/api/v1.0/me/', { job_title: 'Acknowledged', address: { city: 'Kisumu' } });
    expect(written.status).toBe(200);
    server.child.kill('SIGKILL');
    await server.exited;

    const restarted = await startServer(dataDir);
    const me = await new ApiClient(`http://127.0.0.1:${restarted.port}`).basic(user.email, user.password).get('/api/v1.0/me/');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ job_title: 'Acknowledged', address: { city: 'Kisumu' } });
    restarted.child.kill('SIGTERM');
    await restarted.exited;
  });
});

/** A multipart/form-data body of text fields and a PDF receipt, as bytes a test can send in parts. */
function multipartBody(fields: Record<string, unknown>, receipt: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----upload${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="receipt.pdf"\r\nContent-Type: application/pdf\r\n\r\n`));
  parts.push(receipt, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
