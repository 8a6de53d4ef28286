/**
 * Muting and blocking someone, and undoing either, from wherever they show (a post's menu, a
 * profile's): the call, then every list and page that may hold the person loads again, as the back
 * end now answers it (their posts gone or back, a blocked profile without its details).
 */
import { SAFETY_TEXTS, type UserSummary } from '@chirp/contracts';
import { compactApi, errorMessage, toast } from '@chirp/session';
import { reloadShown } from './cache-updates';
import { queryKeys } from './keys';

export type RelationChange = 'mute' | 'unmute' | 'block' | 'unblock';

const DONE: Record<RelationChange, (username: string) => string> = {
  mute: SAFETY_TEXTS.muted,
  unmute: SAFETY_TEXTS.unmuted,
  block: SAFETY_TEXTS.blocked,
  unblock: SAFETY_TEXTS.unblocked,
};

/** Makes the change and shows it; a refusal shows the back end's words. Whether it was made. */
export async function changeRelation(person: Pick<UserSummary, '_id' | 'username'>, change: RelationChange): Promise<boolean> {
  try {
    await compactApi[change](person._id);
  } catch (error) {
    toast.error(errorMessage(error));
    return false;
  }
  for (const key of [queryKeys.posts, queryKeys.threads, queryKeys.people, queryKeys.profiles, queryKeys.notifications]) reloadShown(key);
  toast.success(DONE[change](person.username), { id: `relation:${person._id}` });
  return true;
}
