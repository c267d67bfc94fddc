import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Broadcaster } from '../../broadcast/broadcaster.ts';
import { createJoinTokens } from './join-token.ts';
import { createPreflight } from './preflight.ts';
import { preflightRoutes } from './preflight-routes.ts';
import { createBuiltinProvider } from './providers/builtin.ts';
import { createDailyProvider } from './providers/daily.ts';
import { notifyPatientWaiting } from '../notifications/appointment-notices.ts';
import { createMeetingEvents } from './meeting-events.ts';
import { createRooms } from './rooms.ts';
import { meetingRoutes } from './routes.ts';
import { createMeetingService } from './service.ts';
import { signallingRoutes } from './signalling-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    meetings: {
      /** Looks at every live room now: closes those whose window closed or that were cancelled. */
      checkRooms: () => Promise<void>;
      /** The appointment changed: its call (on any instance) is looked at again now. */
      recheck: (appointmentId: string) => Promise<void>;
      /** Sign-in sessions ended: their sockets, on any instance, are closed now. */
      sessionsEnded: () => Promise<void>;
      /** The rooms and signalling sockets open on this instance (the metrics). */
      live: () => { rooms: number; sockets: number };
    };
  }
}

/**
 * Video consultations with the provider `VIDEO_PROVIDER` names: our own WebRTC signalling
 * (default, works offline) or Daily's hosted rooms. The join call is the same for both.
 */
export async function registerMeetings(
  app: FastifyInstance,
  {
    config,
    db,
    clock,
    jwtSecret,
    broadcaster,
    rateLimiter,
  }: {
    config: Pick<Config, 'video' | 'appUrl' | 'appOrigins' | 'broadcaster'>;
    db: Db;
    clock: Clock;
    jwtSecret: string;
    /** The process's one bus (app.ts), shared with the availability cache. */
    broadcaster: Broadcaster;
    rateLimiter: RateLimiter;
  },
) {
  const { video } = config;
  const joinTokens = createJoinTokens(jwtSecret, clock);
  const provider =
    video.provider === 'daily'
      ? createDailyProvider({ apiKey: video.dailyApiKey!, apiUrl: video.dailyApiUrl })
      : createBuiltinProvider({
          appUrl: config.appUrl,
          iceServers: video.iceServers,
          turn: video.turn,
          joinTokens,
        });
  const meetings = createMeetingService({
    db,
    clock,
    provider,
    joinTokens,
    rateLimiter,
    log: app.log,
  });
  await app.register(meetingRoutes, { meetings });
  // The device check before joining (connection check, video consent): for either provider.
  const preflight = createPreflight({ db, clock, video, rateLimiter });
  await app.register(preflightRoutes, { preflight });

  if (provider.name !== 'builtin') {
    app.decorate('meetings', {
      checkRooms: async () => {},
      // A hosted call of a cancelled appointment is closed at the provider, everyone sent out.
      // A signed-out participant's meeting token stays valid until the window closes (ADR 0014).
      recheck: async (appointmentId) => {
        if ((await meetings.roomState(appointmentId)) === 'cancelled')
          await provider.end?.(appointmentId);
      },
      sessionsEnded: async () => {},
      // Daily's calls run on Daily's servers: none is open here.
      live: () => ({ rooms: 0, sockets: 0 }),
    });
    return { meetings, preflight };
  }
  const rooms = createRooms({
    broadcaster,
    channelPrefix: config.broadcaster.channelPrefix,
    clock,
    roomState: (id) => meetings.roomState(id),
    liveSessions: (ids) => meetings.liveSessions(ids),
    events: createMeetingEvents(db),
    log: app.log,
    onPatientWaiting: (appointmentId) => notifyPatientWaiting(db, appointmentId),
  });
  await app.register(signallingRoutes, { meetings, rooms, appOrigins: config.appOrigins });
  app.decorate('meetings', {
    checkRooms: () => rooms.checkAll(),
    recheck: (appointmentId) => rooms.recheck(appointmentId),
    sessionsEnded: () => rooms.sessionsEnded(),
    live: () => rooms.live(),
  });
  return { meetings, preflight };
}
