import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * Serves `listener` on a free port of 127.0.0.1: the app under test, or a stand-in for a service
 * it calls (Stripe, Hosting). The test and the server share one event loop: when it stalls (a busy
 * CI day), the server's 5 s idle timer could close a kept-alive socket just as the client reuses
 * it (ECONNRESET, no answer). The server keeps idle sockets instead; clients close their own, and
 * `closeAllConnections()` ends the rest.
 */
export async function serveLocally(listener: RequestListener): Promise<Server> {
  const server = createServer(listener);
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
