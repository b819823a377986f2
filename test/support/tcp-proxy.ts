import net from 'node:net';

/**
 * A TCP proxy between the service and a dependency, to take the dependency
 * away and bring it back: `cut()` closes every connection and refuses new
 * ones (the port stops listening), `reset()` resets every connection (an
 * RST, as from a peer that lost it) and goes on passing new ones (a restart
 * of the dependency, or a middlebox that dropped its state), `blackHole()`
 * keeps every connection open and accepts new ones but passes nothing (a
 * network partition), `blackHoleAnswers()` passes what the service sends but
 * none of the answers (a request made, its answer lost), `restore()` brings a
 * cut or a black hole back.
 */
export interface TcpProxy {
  /** `127.0.0.1:<port>`: give it to the service in place of the dependency's address. */
  readonly host: string;
  readonly port: number;
  cut(): Promise<void>;
  reset(): void;
  blackHole(): void;
  blackHoleAnswers(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let passing = { sent: true, answers: true };
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    // Written by hand rather than piped, so that a black hole can swallow what is sent.
    client.on('data', (chunk) => passing.sent && upstream.write(chunk));
    upstream.on('data', (chunk) => passing.answers && client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  /** An RST to both ends of every connection, as a peer that lost it answers, rather than an orderly close. */
  const reset = () => {
    for (const socket of sockets) {
      if (socket.destroyed) continue;
      // A socket still connecting has no connection to reset.
      if (socket.connecting) socket.destroy();
      else socket.resetAndDestroy();
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    cut: stop,
    reset,
    blackHole: () => {
      passing = { sent: false, answers: false };
    },
    blackHoleAnswers: () => {
      passing = { sent: true, answers: false };
    },
    restore: async () => {
      passing = { sent: true, answers: true };
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}

/** Host and port of a `redis://` (or other) URL. */
export function hostAndPort(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: parsed.port ? Number(parsed.port) : defaultPort };
}
