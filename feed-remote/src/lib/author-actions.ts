/**
 * What a person can do about someone else's post from its ⋯ menu: mute or block its author, and copy
 * its link (@chirp/queries' changeRelation: the lists load again without their posts). Both are
 * undone from the author's profile.
 */
import { type CompactPost, paths, SAFETY_TEXTS } from '@chirp/contracts';
import { changeRelation } from '@chirp/queries';
import { toast } from '@chirp/session';

export const muteAuthor = ({ author }: CompactPost) => changeRelation(author, 'mute');
export const blockAuthor = ({ author }: CompactPost) => changeRelation(author, 'block');

/** Copies the post's address; a browser that refuses says so. */
export async function copyPostLink(post: CompactPost) {
  try {
    await navigator.clipboard.writeText(new URL(paths.post(post._id), window.location.origin).href);
    toast.success(SAFETY_TEXTS.linkCopied);
  } catch {
    toast.error(SAFETY_TEXTS.linkNotCopied);
  }
}
