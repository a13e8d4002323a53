import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Shutdown drains instead of waiting (ADR 005): once the app is closing, a connection that is not
 * serving a request is closed at once, and one that is, right after its last answer. Node's own
 * `closeIdleConnections` (Fastify's default) misses sockets that have never sent a request — a
 * browser's preconnect, a client that connected and went quiet — and keep-alive sockets whose
 * answer finishes after the close began; either held the shutdown until SHUTDOWN_TIMEOUT_MS.
 */
export function drainConnectionsOnClose(app: FastifyInstance): void {
  /** Requests in flight on each open connection. */
  const inFlight = new Map<Socket, number>();
  let closing = false;

  app.server.on('connection', (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  app.server.on('request', (request, response) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      // end() rather than destroy(): the answer just written still reaches the client.
      if (closing && left === 0) socket.end();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const [socket, requests] of inFlight) if (requests === 0) socket.destroy();
  });
}
