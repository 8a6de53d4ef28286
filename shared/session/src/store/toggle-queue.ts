/**
 * Optimistic on/off toggles (like, bookmark, follow) that never send contradictory calls.
 *
 * A click shows the new state at once. At most one call per key is under way; clicks made meanwhile
 * only change the state wanted, and when the call returns the queue sends at most one more call to
 * reach it (two clicks during a call cancel out and send nothing). Each call therefore goes from a
 * state the server confirmed to the opposite one, so the server never refuses it as a repeat.
 */
export interface ToggleEffects {
  /** Shows `on` at once: the optimistic change. */
  show: (on: boolean) => void;
  /** Makes the call that turns the toggle `on` (or off) and stores the server's answer. */
  send: (on: boolean) => Promise<void>;
  /** The server confirmed `on` (a toast says so). */
  confirmed: (on: boolean) => void;
  /** A call was refused: put back what the server last confirmed and say why. */
  rolledBack: (error: unknown) => void;
  /** No call is under way or wanted any more (after the last answer, or a refusal). */
  settled?: () => void;
}

interface Pending {
  wanted: boolean;
  effects: ToggleEffects;
}

export function createToggleQueue() {
  const pending = new Map<string, Pending>();

  async function drain(key: string, entry: Pending, confirmed: boolean, effects: ToggleEffects) {
    try {
      while (entry.wanted !== confirmed) {
        const target = entry.wanted;
        await effects.send(target);
        confirmed = target;
        effects.confirmed(target);
      }
      pending.delete(key);
    } catch (error) {
      pending.delete(key);
      effects.rolledBack(error);
    } finally {
      effects.settled?.();
    }
  }

  return {
    /** Flips the toggle named `key`, whose state on screen (before this click) is `shown`. */
    flip(key: string, shown: boolean, effects: ToggleEffects): void {
      const queued = pending.get(key);
      if (queued) {
        queued.wanted = !queued.wanted;
        effects.show(queued.wanted);
        return;
      }
      const entry = { wanted: !shown, effects };
      pending.set(key, entry);
      effects.show(entry.wanted);
      void drain(key, entry, shown, effects);
    },
    /** Whether a call for `key` is under way. */
    busy: (key: string) => pending.has(key),
  };
}
