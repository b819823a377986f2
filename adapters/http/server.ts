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

/** What the server knows of one connection. */
interface Connection {
  /** Requests given to the application whose response has not ended. */
  inFlight: number;
  /** Set once the connection's last answer is decided: no request read from it after that reaches the application. */
  closing: boolean;
}

/**
 * The HTTP server with connection tracking, so that a shutdown can let every
 * in-flight request finish (its response says `Connection: close`), also one
 * sent just before the signal, while idle keep-alive connections are closed.
 *
 * A request reaches the application only when its answer can still be sent:
 * a write committed on a connection the server is closing would never be
 * acknowledged, and a client retrying it would make it twice. So once a
 * connection's last answer is decided (an answer with `Connection: close`, or
 * the server ending it while idle), a request still read from it is dropped
 * with the connection, before any of its work starts.
 */
export function startServer(app: Koa, port: number, host: string, logger: Logger, draining: { value: boolean }): Promise<RunningServer> {
  const handle = app.callback();
  const connections = new Map<Socket, Connection>();
  /** The application's work on every request given to it, which a drain waits for. */
  const running = new Set<Promise<void>>();
  let acceptedWhileDraining = false;

  const server = withTimeouts(
    http.createServer((req, res) => {
      const connection = connections.get(req.socket);
      // Behind an answer in flight while draining (a pipelined request), this one could not follow it.
      if (!connection || connection.closing || (draining.value && connection.inFlight > 0)) {
        if (connection) connection.closing = true;
        if (!connection || connection.inFlight === 0) req.socket.destroy();
        return;
      }
      connection.inFlight += 1;
      answerLastWhileDraining(res, connection);
      res.once('close', () => {
        connection.inFlight -= 1;
        if (draining.value && connection.inFlight === 0) endConnection(req.socket, connection);
      });
      const work = handle(req, res) as Promise<void>;
      running.add(work);
      void work.finally(() => running.delete(work));
    }),
  );

  // Decided as the headers leave: an answer that began before the signal still closes its connection,
  // unless a pipelined request's answer is to follow it on the same connection.
  const answerLastWhileDraining = (res: http.ServerResponse, connection: Connection) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
      if (draining.value && connection.inFlight === 1) {
        connection.closing = true;
        this.setHeader('Connection', 'close');
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
  };
  const endConnection = (socket: Socket, connection: Connection) => {
    connection.closing = true;
    socket.end();
  };

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { inFlight: 0, closing: false });
    if (draining.value) acceptedWhileDraining = true;
    socket.on('close', () => connections.delete(socket));
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
      for (const [socket, connection] of connections) if (connection.inFlight === 0) endConnection(socket, connection);
    });

  const drain = async (timeoutMs: number) => {
    draining.value = true;
    // The hard deadline: whatever is still open then is cut, answered or not.
    let expire!: () => void;
    const expired = new Promise<void>((resolve) => (expire = resolve));
    const timer = setTimeout(() => {
      logger.warn({ open: connections.size, running: running.size }, 'drain timed out; closing remaining connections');
      for (const socket of connections.keys()) socket.destroy();
      expire();
    }, timeoutMs);
    await new Promise((resolve) => setTimeout(resolve, ACCEPT_GRACE_MS));
    await new Promise<void>((closed) => closeOnceBacklogEmpty(Date.now() + ACCEPT_WINDOW_MS, closed));
    // Every connection is closed; work whose client went away may still be running, and the database stays for it.
    await Promise.race([Promise.allSettled(running), expired]);
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({ server, drain, isDraining: () => draining.value });
    });
  });
}
