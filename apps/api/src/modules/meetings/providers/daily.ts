import type { Locale } from '@vizita/shared/constants';
import { VideoProviderError, type VideoProvider } from './video-provider.ts';

export const DAILY_API_URL = 'https://api.daily.co/v1';
/** A join waits for Daily at most this long per call before answering 502. */
const DAILY_TIMEOUT_MS = 10_000;

/**
 * The language of Daily's prebuilt call UI. Daily offers German and English (among others) but
 * not Bulgarian, so Bulgarian users get English, the product's fallback language (spec §9).
 */
export function dailyLanguage(locale: Locale): 'en' | 'de' {
  return locale === 'de' ? 'de' : 'en';
}

/** One private room per appointment; Daily allows letters, digits, `-` and `_` in names. */
export const dailyRoomName = (appointmentId: string) => `vizita-${appointmentId}`;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Daily's hosted rooms through its REST API (plain fetch: two calls do not need an SDK). Rooms
 * are private, open and close with our join window, and eject everyone when it closes; each
 * participant enters with a meeting token that names them, and only the doctor owns the room.
 */
export function createDailyProvider({
  apiKey,
  apiUrl = DAILY_API_URL,
  timeoutMs = DAILY_TIMEOUT_MS,
}: {
  apiKey: string;
  apiUrl?: string | undefined;
  timeoutMs?: number;
}): VideoProvider {
  const base = apiUrl.replace(/\/+$/, '');

  async function call(path: string, body?: unknown, method: 'POST' | 'DELETE' = 'POST') {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new VideoProviderError(`Daily could not be reached (${method} ${path})`, { cause });
    }
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: res.status, json };
  }

  const failure = (what: string, r: { status: number; json: Record<string, unknown> | null }) =>
    new VideoProviderError(
      `Daily refused ${what}: ${r.status} ${typeof r.json?.info === 'string' ? r.json.info : ''}`.trim(),
    );

  return {
    name: 'daily',
    async prepare(appointment, participant) {
      const name = dailyRoomName(appointment.id);
      const properties = {
        nbf: seconds(appointment.opensAt),
        exp: seconds(appointment.closesAt),
        enable_prejoin_ui: false,
        enable_chat: false,
        // The frame's own "Share screen" button (issue #12); said here, not left to the domain's
        // default, which an account can turn off.
        enable_screenshare: true,
        eject_at_room_exp: true,
      };
      let room = await call('/rooms', { name, privacy: 'private', properties });
      const info = typeof room.json?.info === 'string' ? room.json.info : '';
      if (room.status === 400 && /already exists/i.test(info)) {
        // The other participant's join made it. Its window is set again rather than read back,
        // because a reschedule before the start may have moved the appointment since.
        room = await call(`/rooms/${name}`, { privacy: 'private', properties });
      }
      const roomUrl = room.json?.url;
      if (room.status !== 200 || typeof roomUrl !== 'string') throw failure('the room', room);

      const token = await call('/meeting-tokens', {
        properties: {
          room_name: name,
          user_name: participant.userName,
          exp: properties.exp,
          is_owner: participant.role === 'doctor',
          lang: dailyLanguage(participant.locale),
        },
      });
      const roomToken = token.json?.token;
      if (token.status !== 200 || typeof roomToken !== 'string')
        throw failure('the meeting token', token);

      return { signallingUrl: null, iceServers: [], roomUrl, roomToken };
    },

    /** Deleting the room ejects everyone in it and refuses every meeting token made for it. */
    async end(appointmentId) {
      const r = await call(`/rooms/${dailyRoomName(appointmentId)}`, undefined, 'DELETE');
      // 404: nobody ever joined, so there is no room to close.
      if (r.status !== 200 && r.status !== 404) throw failure('closing the room', r);
    },
  };
}
