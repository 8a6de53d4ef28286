/**
 * What a person can do about someone else's post from its ⋯ menu: mute or block its author, and copy
 * its link. A mute or a block takes the author's posts out of every list at once: the lists load
 * again, and the back end leaves them out. Both are undone from the author's profile or Settings.
 */
import { type CompactPost, paths, SAFETY_TEXTS } from '@chirp/contracts';
import { queryKeys, reloadShown } from '@chirp/queries';
import { compactApi, errorMessage, toast } from '@chirp/session';

/** Every list and page that may hold the person: what they post, who they are, what they did. */
function showRelationChange() {
  reloadShown(queryKeys.posts);
  reloadShown(queryKeys.threads);
  reloadShown(queryKeys.people);
  reloadShown(queryKeys.profiles);
  reloadShown(queryKeys.notifications);
}

/** Mutes or blocks (or undoes either) and shows it: the lists load again without (or with) their posts. */
async function relate(change: (userId: string) => Promise<unknown>, userId: string, done: string) {
  try {
    await change(userId);
  } catch (error) {
    toast.error(errorMessage(error));
    return;
  }
  showRelationChange();
  toast.success(done, { id: `relation:${userId}` });
}

export const muteAuthor = ({ author }: CompactPost) => relate(compactApi.mute, author._id, SAFETY_TEXTS.muted(author.username));
export const blockAuthor = ({ author }: CompactPost) => relate(compactApi.block, author._id, SAFETY_TEXTS.blocked(author.username));

/** Copies the post's address; a browser that refuses says so. */
export async function copyPostLink(post: CompactPost) {
  try {
    await navigator.clipboard.writeText(new URL(paths.post(post._id), window.location.origin).href);
    toast.success(SAFETY_TEXTS.linkCopied);
  } catch {
    toast.error(SAFETY_TEXTS.linkNotCopied);
  }
}
