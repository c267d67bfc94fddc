import { createHmac } from 'node:crypto';
import type { IceServer } from '@vizita/shared/contracts/meetings';

/**
 * Short-lived TURN credentials (the "TURN REST API" scheme coturn implements with
 * `use-auth-secret`): the username is `<expiry in Unix seconds>:<user id>`, the password the
 * base64 HMAC-SHA1 of that username under the secret shared with the TURN server. The TURN
 * server checks both without asking us; a credential is worth nothing after its expiry, so no
 * long-lived TURN password ever reaches a browser (docs/video.md).
 */
export function mintTurnServer(
  turn: { urls: string[]; secret: string },
  userId: string,
  expiresAt: Date,
): IceServer {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${userId}`;
  const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
  return { urls: turn.urls, username, credential };
}
