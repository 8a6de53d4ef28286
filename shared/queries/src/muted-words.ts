/**
 * The signed-in person's muted words (@chirp/contracts' muted-words.ts): the list, and muting or
 * unmuting one. After a change every list of posts on screen loads again, so that the back end marks
 * (or no longer marks) the posts that hold the word.
 */
import { normalMutedWord, SAFETY_TEXTS } from '@chirp/contracts';
import { compactApi, errorMessage, queryClient, toast, useQuery } from '@chirp/session';
import { reloadShown } from './cache-updates';
import { queryKeys } from './keys';

export function useMutedWords() {
  return useQuery({ queryKey: queryKeys.mutedWords, queryFn: () => compactApi.mutedWords().then((answer) => answer.words) }, queryClient);
}

export type MutedWordChange = 'muteWord' | 'unmuteWord';

/**
 * Makes the change and shows it (the word as the back end kept it). A refusal is thrown, for the
 * form to say beside its field; a failure to unmute is a toast. Whether it was made.
 */
export async function changeMutedWord(word: string, change: MutedWordChange): Promise<boolean> {
  let words: string[];
  try {
    ({ words } = await compactApi[change](word));
  } catch (error) {
    if (change === 'muteWord') throw error;
    toast.error(errorMessage(error));
    return false;
  }
  queryClient.setQueryData(queryKeys.mutedWords, words);
  for (const key of [queryKeys.posts, queryKeys.threads]) reloadShown(key);
  // As the back end keeps it (the same normalisation).
  const kept = normalMutedWord(word) ?? word;
  toast.success(change === 'muteWord' ? SAFETY_TEXTS.wordMuted(kept) : SAFETY_TEXTS.wordUnmuted(kept), { id: `muted-word:${kept}` });
  return true;
}
