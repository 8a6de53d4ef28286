import { normalMutedWord, SAFETY_ERRORS, SAFETY_TEXTS } from '@chirp/contracts';
import { changeMutedWord, useMutedWords } from '@chirp/queries';
import { errorMessage } from '@chirp/session';
import { RetryAlert, Spinner } from '@chirp/ui';
import { type FormEvent, useId, useState } from 'react';
import { ActionSection, FormEnd, UndoButton } from './settings-section';

/**
 * The words, phrases and #tags the person muted (@chirp/contracts' muted-words.ts): a field to mute
 * one more, and the list, each with Unmute. Posts holding one are folded away in their feeds.
 */
export function MutedWordsSection() {
  const query = useMutedWords();
  return (
    <ActionSection title={SAFETY_TEXTS.mutedWordsSection} hint={SAFETY_TEXTS.mutedWordsHint}>
      {(hintId) => (
        <>
          <MuteWordForm hintId={hintId} />
          {query.isError ? (
            <RetryAlert message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
          ) : !query.data ? (
            <Spinner label="Loading your muted words" />
          ) : query.data.length === 0 ? (
            <p className="settings__empty">{SAFETY_TEXTS.noMutedWords}</p>
          ) : (
            <ul className="muted-words" aria-label={SAFETY_TEXTS.mutedWordsSection}>
              {query.data.map((word) => (
                <MutedWordRow key={word} word={word} />
              ))}
            </ul>
          )}
        </>
      )}
    </ActionSection>
  );
}

function MuteWordForm({ hintId }: { hintId: string }) {
  const problemId = useId();
  const [word, setWord] = useState('');
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Said at once, in the back end's words: it would refuse the same.
    if (!normalMutedWord(word)) {
      setProblem(SAFETY_ERRORS.mutedWordInvalid);
      return;
    }
    setSaving(true);
    setProblem('');
    try {
      await changeMutedWord(word, 'muteWord');
      setWord('');
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="settings__form" aria-label={SAFETY_TEXTS.muteWord} onSubmit={(event) => void submit(event)} noValidate>
      <label className="settings__field">
        <span>{SAFETY_TEXTS.mutedWordLabel}</span>
        <input
          className="text-input"
          name="word"
          autoComplete="off"
          value={word}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
          onChange={(event) => setWord(event.target.value)}
        />
      </label>
      <FormEnd problem={problem} problemId={problemId} saving={saving} label={SAFETY_TEXTS.muteWord} />
    </form>
  );
}

function MutedWordRow({ word }: { word: string }) {
  return (
    <li className="muted-words__item">
      <span className="muted-words__word">{word}</span>
      <UndoButton label={SAFETY_TEXTS.unmuteButton} name={SAFETY_TEXTS.unmuteWord(word)} undo={() => changeMutedWord(word, 'unmuteWord')} />
    </li>
  );
}
