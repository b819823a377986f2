import http from 'node:http';
import { Socket } from 'node:net';
import Koa from 'koa';
import { Logger } from '../system/logger';

export interface RunningServer {
  server: http.Server;
  /** Stops accepting, finishes in-flight requests, closes idle connections. */
  drain(timeoutMs: number): Promise<void>;
  isDraining(): boolean;
}

/**
 * The HTTP server with connection tracking, so that a shutdown can let every
 * in-flight request finish (its response says `Connection: close`) while idle
 * keep-alive connections are closed at once.
 */
export function startServer(app: Koa, port: number, host: string, logger: Logger, draining: { value: boolean }): Promise<RunningServer> {
  const server = http.createServer(app.callback());
  server.requestTimeout = 60_000;
  server.headersTimeout = 30_000;
  const busy = new Map<Socket, number>();
  server.on('connection', (socket) => {
    busy.set(socket, 0);
    socket.on('close', () => busy.delete(socket));
  });
  server.on('request', (req, res) => {
    busy.set(req.socket, (busy.get(req.socket) ?? 0) + 1);
    res.on('finish', () => {
      const left = (busy.get(req.socket) ?? 1) - 1;
      busy.set(req.socket, left);
      if (draining.value && left === 0) req.socket.end();
    });
  });

  const drain = (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      draining.value = true;
      const timer = setTimeout(() => {
        logger.warn({ open: busy.size }, 'drain timed out; closing remaining connections');
        server.closeAllConnections();
      }, timeoutMs);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      for (const [socket, inFlight] of busy) if (inFlight === 0) socket.end();
    });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({ server, drain, isDraining: () => draining.value });
    });
  });
}
