import http from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedMessage {
  id: string;
  timestamp: string;
  signature: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; created: string; organisation: string; data: Record<string, unknown> };
}

/**
 * A real HTTP server that receives webhooks and answers what the test says
 * (200 unless told otherwise), recording every request it got.
 */
export class WebhookReceiver {
  readonly received: ReceivedMessage[] = [];
  /** Statuses to answer, in turn; 200 once they run out. */
  readonly answers: number[] = [];
  /**
   * When set, each answer's body never ends: 8 KiB every 2 ms until the sender
   * closes the connection. Paced, so that the sockets' buffers hold little and
   * `streamed`, the bytes written, is about what the sender read.
   */
  streamEndlessly = false;
  /** When set, a request is read and recorded, and never answered: a receiver that hangs. */
  neverAnswer = false;
  streamed = 0;
  private server: http.Server | undefined;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/hooks`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.received.push({
          id: String(request.headers['webhook-id']),
          timestamp: String(request.headers['webhook-timestamp']),
          signature: String(request.headers['webhook-signature']),
          headers: request.headers,
          body,
          event: JSON.parse(body),
        });
        if (this.neverAnswer) return;
        response.statusCode = this.answers.shift() ?? 200;
        if (this.streamEndlessly) this.stream(response);
        else response.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  private stream(response: http.ServerResponse): void {
    const chunk = Buffer.alloc(8 * 1024, 'x');
    const timer = setInterval(() => {
      if (response.destroyed) return clearInterval(timer);
      response.write(chunk);
      this.streamed += chunk.length;
    }, 2);
    response.on('close', () => clearInterval(timer));
  }

  /** The messages of `type`. */
  ofType(type: string): ReceivedMessage[] {
    return this.received.filter((message) => message.event.type === type);
  }

  /** Waits until `done` holds of what was received, polling (deliveries are asynchronous). */
  async waitFor(done: (received: ReceivedMessage[]) => boolean, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this.received)) {
      if (Date.now() > deadline) throw new Error(`timed out; received: ${this.received.map((m) => m.event.type).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
