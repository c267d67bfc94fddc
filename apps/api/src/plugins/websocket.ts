import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Work that must happen at shutdown before the sockets are closed — a video room telling the
     * other instances its peers left — in the order the modules registered it.
     */
    beforeSocketsClose: (task: () => Promise<void>) => void;
  }
}

/** A going-away close tells the browser to connect again (through another instance, in a deploy). */
const CLOSE_GOING_AWAY = 1001;
const SHUTDOWN_GRACE_MS = 2000;

/**
 * The app's one WebSocket server (the video rooms' signalling, the bell's live updates). One per
 * HTTP server, not one per module: each registration would listen to every upgrade and route it
 * again. Registered before the modules, so their `websocket: true` routes are seen.
 */
export const websocketPlugin = fp<{ maxPayload: number }>(
  async (app, { maxPayload }) => {
    const shutdowns: (() => Promise<void>)[] = [];
    app.decorate('beforeSocketsClose', (task: () => Promise<void>) => {
      shutdowns.push(task);
    });
    await app.register(websocket, {
      options: { maxPayload },
      // Instead of the plugin's bare close: the modules say goodbye first, then sockets go as
      // "going away" (so browsers connect again, through another instance during a deploy).
      preClose: async () => {
        for (const task of shutdowns)
          await task().catch((err: unknown) => app.log.warn({ err }, 'socket shutdown failed'));
        // Close handshakes get a moment to finish; then whatever remains (a client that never
        // answers) is cut, so a deploy does not wait out ws's 30-second close timeout.
        const { clients } = app.websocketServer;
        for (const socket of clients)
          if (socket.readyState === socket.OPEN) socket.close(CLOSE_GOING_AWAY);
        for (let waited = 0; clients.size > 0 && waited < SHUTDOWN_GRACE_MS; waited += 50)
          await new Promise((resolve) => setTimeout(resolve, 50));
        for (const socket of clients) socket.terminate();
        await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
      },
    });
  },
  { name: 'websocket' },
);
