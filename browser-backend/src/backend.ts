import type { DatabaseStore } from './persistence';
import { type AddressedEvent, type Database, DECIDED_ERRORS, liveEventsOf, refuse } from '@chirp/api-rules';

type Change = Database | { db: Database };

/**
 * The current data and its store. Changes run one at a time: a rule sees the latest data, its
 * result is saved, and only then becomes current, so a refused call or a failed save changes nothing.
 */
export class Backend {
  #db: Database;
  readonly #store: DatabaseStore;
  #queue: Promise<unknown> = Promise.resolve();
  /** Told after each saved change, with what others hear of it (this page's live updates, other tabs). */
  onChange: (events: AddressedEvent[]) => void = () => {};
  /** The usernames (lower case) given the moderator role by the app's configuration (`moderators`). */
  moderatorNames: readonly string[] = [];

  constructor(db: Database, store: DatabaseStore) {
    this.#db = db;
    this.#store = store;
  }

  get db(): Database {
    return this.#db;
  }

  /** Applies a pure rule to the current data (it may throw a `Refusal`) and saves the result. */
  change<T extends Change>(rule: (db: Database) => T): Promise<T> {
    return this.#exclusive(async () => {
      const before = this.#db;
      const outcome = rule(before);
      const after = 'db' in outcome ? (outcome as { db: Database }).db : (outcome as Database);
      try {
        await this.#store.saveChanges(before, after);
      } catch (error) {
        console.warn('The demo back end could not save a change:', error);
        refuse(500, DECIDED_ERRORS.notSaved);
      }
      this.#db = after;
      this.onChange(liveEventsOf(before, after));
      return outcome;
    });
  }

  /** Replaces all data (fresh seeds). */
  replace(db: Database): Promise<void> {
    return this.#exclusive(async () => {
      await this.#store.saveAll(db);
      this.#db = db;
      // New data: every page reads everything again.
      this.onChange([{ userId: null, event: { type: 'resync' } }]);
    });
  }

  /** Reads the store again, after another tab changed it. */
  reload(): Promise<void> {
    return this.#exclusive(async () => {
      this.#db = (await this.#store.load()) ?? this.#db;
    });
  }

  close(): void {
    this.#store.close();
  }

  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
