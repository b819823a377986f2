import http from 'node:http';
import net, { Socket } from 'node:net';
import Koa from 'koa';
import { Logger } from '../system/logger';

/** How long the listener stays open once draining starts, for connections the kernel has already accepted. */
const ACCEPT_GRACE_MS = 100;
/** How long after that a connection that has not begun a request may still begin one. */
const IDLE_GRACE_MS = 250;

export interface RunningServer {
  server: http.Server;
  /** Stops accepting, finishes in-flight requests, closes idle connections. */
  drain(timeoutMs: number): Promise<void>;
  isDraining(): boolean;
}

/**
 * The HTTP server with connection tracking, so that a shutdown can let every
 * in-flight request finish (its response says `Connection: close`), also one
 * sent just before the signal, while idle keep-alive connections are closed.
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
      // A client may have connected and sent its request before the signal
      // while this process has not accepted the connection yet (it waits in
      // the listen backlog, reset if the listener closed now) or not read its
      // bytes. The listener stays open a moment, then closes after one more
      // poll of the event loop (the immediate), which accepts whatever is
      // queued. It is the base class's close: http's own would also destroy
      // every connection whose request it has not parsed yet.
      setTimeout(() => {
        setImmediate(() => {
          net.Server.prototype.close.call(server, () => {
            clearTimeout(timer);
            resolve();
          });
          // Connections without a request in flight end after a grace in
          // which bytes already received are read and their requests begin.
          setTimeout(() => {
            for (const [socket, inFlight] of busy) if (inFlight === 0) socket.end();
          }, IDLE_GRACE_MS).unref();
        });
      }, ACCEPT_GRACE_MS).unref();
    });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({ server, drain, isDraining: () => draining.value });
    });
  });
}
