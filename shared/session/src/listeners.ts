/**
 * Listeners registered by name: one per name per page. The packages built on the kernel bundle their
 * own copy of the code that listens (each remote bundles @chirp/queries), so the same listener may
 * be offered once by each of them: the first registration under a name is kept and the others are
 * ignored, so an event is applied once, whichever bundle got there first. A listener for state that
 * each copy holds for itself registers under a symbol of its own.
 */
export type ListenerName = string | symbol;

export function namedListeners<T>() {
  const byName = new Map<ListenerName, (value: T) => void>();
  return {
    /** Registers `listener` under `name` unless one is there already; answers how to remove it. */
    listen(name: ListenerName, listener: (value: T) => void): () => void {
      if (byName.has(name)) return () => undefined;
      byName.set(name, listener);
      return () => {
        if (byName.get(name) === listener) byName.delete(name);
      };
    },
    emit(value: T): void {
      byName.forEach((listener) => listener(value));
    },
  };
}
