import { type RefObject, useLayoutEffect } from 'react';

/**
 * The log-in and sign-up pages come painted in the shell's HTML, and a person may type into their
 * fields before the app has taken them over. React keeps that text on the screen but not in the
 * form's state, so it would be sent empty, and wiped at the next render. On the first render the
 * state takes what was typed: each named field whose text differs from the one it was drawn with.
 */
export function useTextTypedEarly(form: RefObject<HTMLFormElement | null>, adopt: (typed: Record<string, string>) => void) {
  useLayoutEffect(() => {
    const typed: Record<string, string> = {};
    for (const field of Array.from(form.current?.elements ?? [])) {
      if (field instanceof HTMLInputElement && field.name && field.value !== field.defaultValue) typed[field.name] = field.value;
    }
    if (Object.keys(typed).length > 0) adopt(typed);
    // Once, when the form first shows: later typing reaches the state through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
