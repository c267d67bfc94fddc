import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { WebSocket } from 'ws';
import {
  SIGNALLING_CLOSE,
  clientSignalSchema,
  type CallQualitySummary,
  type MeetingPeer,
  type MeetingRole,
  type ServerSignal,
  type WaitingPeer,
} from '@vizita/shared/contracts/meetings';
import type { Clock } from '../../lib/clock.ts';
import { BroadcastTooLargeError, type Broadcaster } from '../../broadcast/broadcaster.ts';
import type { MeetingEvent } from './meeting-events.ts';

/** Bad frames (not JSON, wrong shape, binary, over the rate) a connection may send before 4400. */
export const MAX_BAD_FRAMES = 10;
/**
 * Frames per connection: a burst of 200, refilled at 50 a second. A call's set-up is one offer,
 * one answer and a few dozen ICE candidates, then a ping now and then; far more is a bug or abuse.
 */
export const FRAME_BURST = 200;
export const FRAME_REFILL_PER_SECOND = 50;
/**
 * How long a newcomer waits for the other instances' presence replies before its `welcome`.
 * Both buses answer in milliseconds; a reply later than this still arrives, as `peer-joined`.
 */
export const PRESENCE_WAIT_MS = 200;
/** Rooms look at their appointment again at least this often (a cancellation closes the call). */
const ROOM_CHECK_MS = 60_000;
/** Sockets that miss a ping for this long are dead (a laptop lid closed, a network gone). */
const HEARTBEAT_MS = 30_000;
/** A going-away close tells the browser to join again (through another instance, in a deploy). */
const CLOSE_GOING_AWAY = 1001;
const CLOSE_INTERNAL_ERROR = 1011;

/** Envelope version: instances of two releases share a bus during a rolling deploy. */
const ENVELOPE_VERSION = 1;

type Member = {
  peerId: string;
  userId: string;
  role: MeetingRole;
  userName: string;
  /** The page the socket belongs to (MeetingPeer.instanceId), when the page said. */
  instance?: string | undefined;
  /**
   * When the connection opened, by the wall clock (ordering only, so not the business clock):
   * of one user's connections the newest wins, even when two tabs reach two instances at once.
   */
  since: number;
};

const isNewer = (a: Member, b: Member) =>
  a.since > b.since || (a.since === b.since && a.peerId > b.peerId);

/**
 * What instances tell each other on a room's channel. Presence lives in memory on the instance
 * that holds each socket; a newcomer's instance asks the others (`hello`) and they answer with
 * their own members (`here`), then everyone follows `hello`/`left` to keep its view.
 */
type Envelope = { v: typeof ENVELOPE_VERSION; from: string } & (
  | { k: 'hello'; member: Member }
  | { k: 'here'; to: string; members: Member[] }
  | { k: 'left'; peerId: string }
  /** The appointment changed (a cancellation): every instance looks at the room again now. */
  | { k: 'recheck' }
  /** The doctor admitted the patient (recorded before this is sent). */
  | { k: 'admitted' }
  | { k: 'signal'; to: string; fromPeer: string; data: Record<string, unknown> }
);
type EnvelopeBody = Envelope extends infer E
  ? E extends unknown
    ? Omit<E, 'v' | 'from'>
    : never
  : never;

type Connection = {
  member: Member;
  /** The sign-in session behind the socket; kept here, never sent to other instances. */
  sessionId: string;
  socket: WebSocket;
  room: Room;
  /** Until its `welcome`, a connection gets only signals (queued); the welcome lists the room. */
  welcomed: boolean;
  queued: ServerSignal[];
  left: boolean;
  alive: boolean;
  badFrames: number;
  tokens: number;
  refilledAt: number;
  /** The last `admission` sent, so that only changes go out. */
  admissionSent: string | null;
  /** The page's last quality summary, written with its `left` event. */
  quality: CallQualitySummary | null;
};

type Room = {
  id: string;
  closesAt: Date;
  /**
   * The doctor let the patient in (for the rest of the consultation: a reload or a blip does not
   * send anyone back to the waiting room). Until then the two do not see each other.
   */
  admitted: boolean;
  /** Whether the admission was recorded earlier (another instance, before a restart). */
  loaded: Promise<void>;
  local: Map<string, Connection>;
  remote: Map<string, Member>;
  subscribed: Promise<() => Promise<void>>;
  timer?: NodeJS.Timeout;
};

type Log = {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

const peerOf = ({ peerId, role, userName, instance }: Member): MeetingPeer => ({
  peerId,
  role,
  userName,
  ...(instance ? { instanceId: instance } : {}),
});

/**
 * The waiting room: before the admission a participant sees only their own role's connections
 * (their other tab), so the patient and the doctor cannot reach each other — not even a signal.
 */
const sees = (room: Room, viewer: Member, other: Member) =>
  room.admitted || viewer.role === other.role;

/**
 * The meetings' signalling rooms on this instance: each room holds its local sockets and its
 * view of the members on other instances, relays `signal` frames to the one addressed peer
 * (here or through the broadcaster), and closes itself when the join window closes.
 */
export function createRooms({
  broadcaster,
  channelPrefix,
  clock,
  roomState,
  liveSessions,
  events,
  log,
  presenceWaitMs = broadcaster.kind === 'memory' ? 0 : PRESENCE_WAIT_MS,
  onPatientWaiting,
}: {
  broadcaster: Broadcaster;
  channelPrefix: string;
  clock: Clock;
  /** The appointment now; a room closes when it is no longer open. */
  roomState: (appointmentId: string) => Promise<'open' | 'ended' | 'cancelled'>;
  /** Which of these sign-in sessions are live; a socket whose session ended is closed. */
  liveSessions: (sessionIds: string[]) => Promise<Set<string>>;
  /** The room's record (joins, the admission, leaves) and whether the patient was admitted. */
  events: {
    record: (event: MeetingEvent) => Promise<void>;
    isAdmitted: (appointmentId: string) => Promise<boolean>;
  };
  log: Log;
  presenceWaitMs?: number;
  /**
   * The patient entered the waiting room (the admission not given yet): the doctor's bell is
   * told, once per consultation however often the patient reconnects (notifications module).
   */
  onPatientWaiting?: (appointmentId: string) => Promise<void>;
}) {
  const instanceId = randomUUID();
  const rooms = new Map<string, Room>();
  const pending = new Set<Promise<unknown>>();
  let shuttingDown = false;

  const channelOf = (appointmentId: string) => `${channelPrefix}:meeting:${appointmentId}`;
  /** Where an instance says "sessions ended": every instance then checks its own sockets. */
  const sessionsChannel = `${channelPrefix}:sessions-ended`;

  /** Fire-and-forget, but logged, and awaited at shutdown so the last `left` still goes out. */
  function track(promise: Promise<unknown>, what: string) {
    const p = promise.catch((err: unknown) => log.warn({ err }, what));
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }

  function publish(room: Room, body: EnvelopeBody) {
    return broadcaster.publish(
      channelOf(room.id),
      JSON.stringify({ v: ENVELOPE_VERSION, from: instanceId, ...body }),
    );
  }

  function send(conn: Connection, message: ServerSignal) {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(message));
  }

  function deliver(conn: Connection, message: ServerSignal) {
    if (conn.left) return;
    if (conn.welcomed) return send(conn, message);
    // Presence changes before the welcome are folded into it; signals wait for it.
    if (message.type === 'signal') conn.queued.push(message);
  }

  const others = (room: Room, except?: Connection) =>
    [...room.local.values()].filter((c) => c !== except);

  function welcome(conn: Connection) {
    if (conn.left) return;
    conn.welcomed = true;
    const peers = members(conn.room, conn)
      .filter((m) => sees(conn.room, conn.member, m))
      .map(peerOf);
    send(conn, { type: 'welcome', peerId: conn.member.peerId, peers });
    sendAdmission(conn);
    for (const message of conn.queued.splice(0)) send(conn, message);
  }

  /** Everyone in the room, here and on other instances, but `except`. */
  const members = (room: Room, except?: Connection) => [
    ...others(room, except).map((c) => c.member),
    ...room.remote.values(),
  ];

  /** Tells the local connections that can see `member` that it came or went. */
  function announce(room: Room, member: Member, message: ServerSignal) {
    for (const c of room.local.values())
      if (c.member !== member && sees(room, c.member, member)) deliver(c, message);
    refreshAdmissions(room);
  }

  /** The patient: whether they are in; the doctor: who waits (and since when). */
  function sendAdmission(conn: Connection) {
    const { room } = conn;
    const waiting: WaitingPeer[] =
      conn.member.role === 'doctor' && !room.admitted
        ? members(room, conn)
            .filter((m) => m.role === 'patient')
            .map((m) => ({ ...peerOf(m), waitingSince: new Date(m.since).toISOString() }))
        : [];
    const message: ServerSignal = { type: 'admission', admitted: room.admitted, waiting };
    const json = JSON.stringify(message);
    if (json === conn.admissionSent) return;
    conn.admissionSent = json;
    send(conn, message);
  }

  function refreshAdmissions(room: Room) {
    for (const c of room.local.values()) if (c.welcomed && !c.left) sendAdmission(c);
  }

  /** The patient is in: everyone is told, and the two sides meet as if they had just arrived. */
  function markAdmitted(room: Room) {
    if (room.admitted) return;
    room.admitted = true;
    for (const c of room.local.values()) {
      if (!c.welcomed || c.left) continue;
      sendAdmission(c);
      for (const m of members(room, c))
        if (m.role !== c.member.role) deliver(c, { type: 'peer-joined', peer: peerOf(m) });
    }
  }

  /** The doctor's `admit`: recorded (so it holds on every instance and after a restart), then told. */
  async function admit(conn: Connection) {
    const { room } = conn;
    if (room.admitted) return;
    if (!members(room, conn).some((m) => m.role === 'patient')) return sendAdmission(conn);
    await events.record({
      appointmentId: room.id,
      kind: 'admitted',
      role: conn.member.role,
      at: clock(),
    });
    if (rooms.get(room.id) !== room) return;
    markAdmitted(room);
    await publish(room, { k: 'admitted' });
  }

  /** Takes a connection out of its room at once (not when the close handshake ends). */
  function leave(conn: Connection) {
    if (conn.left) return;
    conn.left = true;
    const { room } = conn;
    room.local.delete(conn.member.peerId);
    announce(room, conn.member, { type: 'peer-left', peerId: conn.member.peerId });
    track(publish(room, { k: 'left', peerId: conn.member.peerId }), 'could not announce a leave');
    track(
      events.record({
        appointmentId: room.id,
        kind: 'left',
        role: conn.member.role,
        at: clock(),
        quality: conn.quality ?? undefined,
      }),
      'could not record a leave',
    );
    if (room.local.size === 0) dispose(room);
  }

  function evict(conn: Connection, reason: 'ended' | 'replaced' | 'cancelled') {
    if (conn.left) return;
    send(conn, { type: 'closed', reason });
    conn.socket.close(
      reason === 'replaced' ? SIGNALLING_CLOSE.replaced : SIGNALLING_CLOSE.ended,
      reason,
    );
    leave(conn);
  }

  /** A newer connection of a user replaces the older ones, here (closed) or remote (forgotten). */
  function supersede(room: Room, member: Member) {
    const older = (m: Member) =>
      m.userId === member.userId && m.peerId !== member.peerId && isNewer(member, m);
    for (const c of others(room)) if (older(c.member)) evict(c, 'replaced');
    for (const [peerId, m] of room.remote)
      if (older(m)) {
        room.remote.delete(peerId);
        announce(room, m, { type: 'peer-left', peerId });
      }
  }

  function addRemote(room: Room, member: Member) {
    if (room.remote.has(member.peerId) || room.local.has(member.peerId)) return;
    // Already replaced by a newer connection we know: its own instance closes it.
    const known = [...others(room).map((c) => c.member), ...room.remote.values()];
    if (known.some((m) => m.userId === member.userId && isNewer(m, member))) return;
    supersede(room, member);
    room.remote.set(member.peerId, member);
    announce(room, member, { type: 'peer-joined', peer: peerOf(member) });
  }

  function onEnvelope(room: Room, raw: string) {
    let e: Envelope;
    try {
      e = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (e.v !== ENVELOPE_VERSION || e.from === instanceId || rooms.get(room.id) !== room) return;
    switch (e.k) {
      case 'hello': {
        addRemote(room, e.member);
        const members = [...room.local.values()].map((c) => c.member);
        if (members.length > 0)
          track(publish(room, { k: 'here', to: e.from, members }), 'could not answer a hello');
        return;
      }
      case 'here':
        if (e.to === instanceId) for (const m of e.members) addRemote(room, m);
        return;
      case 'left': {
        const member = room.remote.get(e.peerId);
        if (member && room.remote.delete(e.peerId))
          announce(room, member, { type: 'peer-left', peerId: e.peerId });
        return;
      }
      case 'signal': {
        const target = room.local.get(e.to);
        const sender = room.remote.get(e.fromPeer);
        // The waiting room holds here too: a signal from someone not let in is not delivered.
        if (target && sender && sees(room, target.member, sender))
          deliver(target, { type: 'signal', from: e.fromPeer, data: e.data });
        return;
      }
      case 'admitted':
        markAdmitted(room);
        return;
      case 'recheck':
        track(check(room), 'room check failed');
        return;
      default:
        return;
    }
  }

  function openRoom(appointmentId: string, closesAt: Date): Room {
    const room: Room = {
      id: appointmentId,
      closesAt,
      admitted: false,
      loaded: Promise.resolve(),
      local: new Map(),
      remote: new Map(),
      subscribed: Promise.resolve(async () => {}),
    };
    room.subscribed = broadcaster.subscribe(channelOf(appointmentId), (raw) =>
      onEnvelope(room, raw),
    );
    room.loaded = events.isAdmitted(appointmentId).then((admitted) => {
      if (admitted) markAdmitted(room);
    });
    // Each join waiting on a failed subscription closes its socket (enter); the next join
    // starts a fresh room instead of this broken one.
    room.subscribed.catch(() => {
      if (rooms.get(appointmentId) === room) {
        rooms.delete(appointmentId);
        clearTimeout(room.timer);
      }
    });
    rooms.set(appointmentId, room);
    schedule(room);
    return room;
  }

  function dispose(room: Room) {
    if (rooms.get(room.id) !== room) return;
    rooms.delete(room.id);
    clearTimeout(room.timer);
    track(
      room.subscribed.then((unsubscribe) => unsubscribe()),
      'could not stop listening to a room',
    );
  }

  /** The next look at the room: when its window closes, and at least every minute before that. */
  function schedule(room: Room) {
    clearTimeout(room.timer);
    const untilClose = room.closesAt.getTime() - clock().getTime() + 1;
    room.timer = setTimeout(
      () => track(check(room), 'room check failed'),
      Math.min(Math.max(untilClose, 0), ROOM_CHECK_MS),
    );
    room.timer.unref();
  }

  function closeRoom(room: Room, reason: 'ended' | 'cancelled') {
    for (const conn of [...room.local.values()]) evict(conn, reason);
    dispose(room);
  }

  async function check(room: Room) {
    if (rooms.get(room.id) !== room) return;
    if (clock() > room.closesAt) return closeRoom(room, 'ended');
    const state = await roomState(room.id);
    if (rooms.get(room.id) !== room) return;
    if (state !== 'open') return closeRoom(room, state);
    await closeSignedOut(room);
    schedule(room);
  }

  /**
   * Closes the sockets whose sign-in session ended (signed out, signed out everywhere, account
   * deleted) as unauthorized: the page asks to join again, and without a session it cannot.
   */
  async function closeSignedOut(room: Room) {
    const conns = [...room.local.values()];
    if (conns.length === 0) return;
    const live = await liveSessions([...new Set(conns.map((c) => c.sessionId))]);
    for (const conn of conns)
      if (!live.has(conn.sessionId) && !conn.left) {
        conn.socket.close(SIGNALLING_CLOSE.unauthorized, 'signed out');
        leave(conn);
      }
  }

  const closeSignedOutEverywhere = () =>
    Promise.all([...rooms.values()].map((room) => closeSignedOut(room)));
  // Heard from any instance, this one included (it already checked; a second look is cheap).
  const sessionsSubscription = broadcaster.subscribe(sessionsChannel, () =>
    track(closeSignedOutEverywhere(), 'could not close the sockets of ended sessions'),
  );
  track(sessionsSubscription, 'could not listen for ended sessions');

  function takeToken(conn: Connection) {
    const now = performance.now();
    conn.tokens = Math.min(
      FRAME_BURST,
      conn.tokens + ((now - conn.refilledAt) / 1000) * FRAME_REFILL_PER_SECOND,
    );
    conn.refilledAt = now;
    if (conn.tokens < 1) return false;
    conn.tokens -= 1;
    return true;
  }

  function badFrame(conn: Connection, code: string, message: string) {
    conn.badFrames += 1;
    send(conn, { type: 'error', code, message });
    if (conn.badFrames >= MAX_BAD_FRAMES) {
      conn.socket.close(SIGNALLING_CLOSE.badMessage, 'too many bad messages');
      leave(conn);
    }
  }

  function onFrame(conn: Connection, data: unknown, isBinary: boolean) {
    if (conn.left) return;
    if (!takeToken(conn)) return badFrame(conn, 'rateLimited', 'Too many messages');
    if (isBinary) return badFrame(conn, 'badMessage', 'Messages are JSON text frames');
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      return badFrame(conn, 'badMessage', 'Messages are JSON text frames');
    }
    const parsed = clientSignalSchema.safeParse(json);
    if (!parsed.success) return badFrame(conn, 'badMessage', 'Unknown or malformed message');
    const frame = parsed.data;
    switch (frame.type) {
      case 'ping':
        return send(conn, { type: 'pong' });
      case 'signal':
        return relay(conn, frame.to, frame.data);
      case 'admit':
        if (conn.member.role !== 'doctor')
          return badFrame(conn, 'forbidden', 'Only the doctor admits the patient');
        return track(admit(conn), 'could not admit the patient');
      case 'quality':
        conn.quality = frame.summary;
        return;
      default:
        return;
    }
  }

  /** To the addressed peer only: never back to the sender, never to a peer not in the room. */
  function relay(conn: Connection, to: string, data: Record<string, unknown>) {
    const { room } = conn;
    if (to === conn.member.peerId) return;
    const target = room.local.get(to)?.member ?? room.remote.get(to);
    if (!target) return;
    if (!sees(room, conn.member, target))
      return send(conn, {
        type: 'error',
        code: 'notAdmitted',
        message: 'The patient is in the waiting room until the doctor admits them',
      });
    const local = room.local.get(to);
    if (local) return deliver(local, { type: 'signal', from: conn.member.peerId, data });
    publish(room, { k: 'signal', to, fromPeer: conn.member.peerId, data }).catch((err: unknown) => {
      if (err instanceof BroadcastTooLargeError)
        return send(conn, {
          type: 'error',
          code: 'signalTooLarge',
          message: `Signals to another server are limited to ${err.limit} bytes`,
        });
      log.warn({ err }, 'could not relay a signal');
      send(conn, { type: 'error', code: 'relayFailed', message: 'The signal was not delivered' });
    });
  }

  async function enter(conn: Connection) {
    const { room } = conn;
    try {
      await Promise.all([room.subscribed, room.loaded]);
      if (conn.left) return;
      await publish(room, { k: 'hello', member: conn.member });
      if (presenceWaitMs > 0) await new Promise((r) => setTimeout(r, presenceWaitMs));
      welcome(conn);
    } catch (err) {
      log.warn({ err }, 'signalling could not reach the other instances');
      if (conn.left) return;
      conn.socket.close(CLOSE_INTERNAL_ERROR, 'signalling unavailable');
      leave(conn);
    }
  }

  const heartbeat = setInterval(() => {
    for (const room of rooms.values())
      for (const conn of room.local.values()) {
        if (!conn.alive) {
          conn.socket.terminate();
          leave(conn);
          continue;
        }
        conn.alive = false;
        conn.socket.ping();
      }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    instanceId,

    /**
     * Puts an admitted socket in its meeting's room: replaces the same user's older connection
     * (on any instance), then sends `welcome` with everyone present and announces the newcomer.
     */
    join(
      socket: WebSocket,
      admitted: {
        appointmentId: string;
        closesAt: Date;
        userId: string;
        role: MeetingRole;
        userName: string;
        sessionId: string;
        instance?: string | undefined;
      },
    ) {
      if (shuttingDown) return socket.close(CLOSE_GOING_AWAY, 'server shutting down');
      const room =
        rooms.get(admitted.appointmentId) ?? openRoom(admitted.appointmentId, admitted.closesAt);
      const member: Member = {
        peerId: randomUUID(),
        userId: admitted.userId,
        role: admitted.role,
        userName: admitted.userName,
        instance: admitted.instance,
        since: Date.now(),
      };
      const conn: Connection = {
        member,
        sessionId: admitted.sessionId,
        socket,
        room,
        welcomed: false,
        queued: [],
        left: false,
        alive: true,
        badFrames: 0,
        tokens: FRAME_BURST,
        refilledAt: performance.now(),
        admissionSent: null,
        quality: null,
      };
      socket.on('message', (data, isBinary) => onFrame(conn, data, isBinary));
      socket.on('pong', () => (conn.alive = true));
      socket.on('close', () => leave(conn));

      // In the room before the older tab goes, so that its leaving never empties (and closes)
      // the room the newcomer is entering.
      room.local.set(member.peerId, conn);
      supersede(room, member);
      announce(room, member, { type: 'peer-joined', peer: peerOf(member) });
      track(
        events.record({ appointmentId: room.id, kind: 'joined', role: member.role, at: clock() }),
        'could not record a join',
      );
      log.info(
        { appointmentId: room.id, peerId: member.peerId, role: member.role },
        'meeting peer joined',
      );
      if (member.role === 'patient' && onPatientWaiting)
        track(
          room.loaded.then(() => (room.admitted ? undefined : onPatientWaiting(room.id))),
          'could not tell the doctor that the patient waits',
        );
      track(enter(conn), 'could not enter a room');
    },

    /**
     * The appointment changed (it was cancelled): its room is looked at now on this instance and,
     * through the broadcaster, on every other that holds a participant — instead of at the next
     * minute's check.
     */
    async recheck(appointmentId: string) {
      const room = rooms.get(appointmentId);
      await Promise.all([
        room ? check(room) : undefined,
        broadcaster.publish(
          channelOf(appointmentId),
          JSON.stringify({ v: ENVELOPE_VERSION, from: instanceId, k: 'recheck' }),
        ),
      ]);
    },

    /**
     * Sign-in sessions ended (a sign-out, an account deleted): every instance closes the sockets
     * they had opened, now rather than at the next minute's check.
     */
    async sessionsEnded() {
      await Promise.all([
        closeSignedOutEverywhere(),
        broadcaster.publish(
          sessionsChannel,
          JSON.stringify({ v: ENVELOPE_VERSION, from: instanceId, k: 'sessions-ended' }),
        ),
      ]);
    },

    /** Looks at every room now (tests move a fake clock, then call this; also the timers). */
    async checkAll() {
      await Promise.all([...rooms.values()].map((room) => check(room)));
    },

    /** Closes every socket as "going away" and tells the other instances they left. */
    async shutdown() {
      shuttingDown = true;
      clearInterval(heartbeat);
      await (
        await sessionsSubscription.catch(() => async () => {})
      )();
      for (const room of [...rooms.values()])
        for (const conn of [...room.local.values()]) {
          conn.socket.close(CLOSE_GOING_AWAY, 'server shutting down');
          leave(conn);
        }
      await Promise.all([...pending]);
    },

    /** The rooms with a socket on this instance, and those sockets (the metrics' gauges). */
    live() {
      let sockets = 0;
      for (const room of rooms.values()) sockets += room.local.size;
      return { rooms: rooms.size, sockets };
    },

    /** For tests: the peers this instance knows in a room, local and remote. */
    peersOf(appointmentId: string) {
      const room = rooms.get(appointmentId);
      return room
        ? {
            local: [...room.local.values()].map((c) => peerOf(c.member)),
            remote: [...room.remote.values()].map(peerOf),
          }
        : undefined;
    },
  };
}
export type Rooms = ReturnType<typeof createRooms>;
