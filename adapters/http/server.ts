import http from 'node:http';
import net, { Socket } from 'node:net';
import Koa from 'koa';
import { Logger } from '../system/logger';

/** How long the listener stays open once draining starts, for connections the kernel has already accepted. */
const ACCEPT_GRACE_MS = 100;
/** The longest it stays open after that while connections keep arriving (a balancer still sending). */
const ACCEPT_WINDOW_MS = 2_000;
/** How long after the listener closes a connection that has not begun a request may still begin one. */
const IDLE_GRACE_MS = 250;

export interface RunningServer {
  server: http.Server;
  /** Stops accepting, finishes in-flight requests, closes idle connections. */
  drain(timeoutMs: number): Promise<void>;
  isDraining(): boolean;
}

/** The server's waits: for a request's whole body and headers, and for the next request on an idle connection. */
export function withTimeouts(server: http.Server): http.Server {
  server.requestTimeout = 60_000;
  server.headersTimeout = 30_000;
  // An idle connection is kept longer than a proxy or a client keeps theirs (60 s for the common load
  // balancers): a request sent on a connection as the server closed it would meet a reset.
  server.keepAliveTimeout = 65_000;
  return server;
}

/**
 * The HTTP server with connection tracking, so that a shutdown can let every
 * in-flight request finish (its response says `Connection: close`), also one
 * sent just before the signal, while idle keep-alive connections are closed.
 */
export function startServer(app: Koa, port: number, host: string, logger: Logger, draining: { value: boolean }): Promise<RunningServer> {
  const server = withTimeouts(http.createServer(app.callback()));
  const busy = new Map<Socket, number>();
  let acceptedWhileDraining = false;
  server.on('connection', (socket) => {
    busy.set(socket, 0);
    if (draining.value) acceptedWhileDraining = true;
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

  // A client may have connected and sent its request before the signal while
  // this process has not accepted the connection yet: it waits in the listen
  // backlog, and closing the listener resets it. Node accepts about one
  // queued connection per turn of the event loop, so the listener closes only
  // after a turn (whose poll, with an immediate pending, does not wait) that
  // accepted nothing: the backlog is then empty. It is the base class's close:
  // http's own would also destroy every connection whose request it has not
  // parsed yet.
  const closeOnceBacklogEmpty = (deadline: number, closed: () => void) => {
    acceptedWhileDraining = false;
    setImmediate(() => {
      if (acceptedWhileDraining && Date.now() < deadline) return closeOnceBacklogEmpty(deadline, closed);
      net.Server.prototype.close.call(server, closed);
      setTimeout(endIdleConnections, IDLE_GRACE_MS).unref();
    });
  };
  // A connection without a request in flight ends after a grace and one more
  // turn, whose poll reads what it had received (and so begins its request).
  const endIdleConnections = () =>
    setImmediate(() => {
      for (const [socket, inFlight] of busy) if (inFlight === 0) socket.end();
    });

  const drain = (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      draining.value = true;
      const timer = setTimeout(() => {
        logger.warn({ open: busy.size }, 'drain timed out; closing remaining connections');
        server.closeAllConnections();
      }, timeoutMs);
      timer.unref();
      setTimeout(() => {
        closeOnceBacklogEmpty(Date.now() + ACCEPT_WINDOW_MS, () => {
          clearTimeout(timer);
          resolve();
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
