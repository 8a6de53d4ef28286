/**
 * Stream ids that say whose stream they are: a random part and a MAC of it with the account's id,
 * under the token secret every instance shares. Any instance can then tell, without asking the one
 * that holds the stream, whether `PUT /api/events/{streamId}/posts` names a stream of the caller's:
 * behind a load balancer that call rarely reaches the instance the stream is on.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const macOf = (secret: string, random: string, userId: string) =>
  createHmac('sha256', secret).update(`live-stream:${random}:${userId}`).digest().subarray(0, 16);

export function newStreamId(secret: string, userId: string): string {
  const random = randomBytes(16).toString('base64url');
  return `${random}.${macOf(secret, random, userId).toString('base64url')}`;
}

/** Whether `streamId` was made by `newStreamId` for `userId` (with this secret). */
export function isStreamOf(secret: string, streamId: string, userId: string): boolean {
  const [random, mac, ...rest] = streamId.split('.');
  if (!random || !mac || rest.length > 0 || !/^[\w-]{22}$/.test(random) || !/^[\w-]{22}$/.test(mac)) return false;
  return timingSafeEqual(Buffer.from(mac, 'base64url'), macOf(secret, random, userId));
}
