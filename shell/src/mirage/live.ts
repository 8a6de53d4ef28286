/**
 * Live updates of the in-browser back end (issue 15): the events of this page's changes and, through
 * the BroadcastChannel the tabs already share (server.ts), of the other tabs' changes, handed to the
 * page as the API server's stream would hand them. An unread count goes only to the person it is for.
 */
import type { AddressedEvent } from '@chirp/api-rules';
import { STORAGE_KEYS } from '@chirp/contracts';
import { readClaims, type LiveHandlers, type LiveSource } from '@chirp/session';

export interface MirageLive extends LiveSource {
  /** Hands the events to every connected page of this tab. */
  emit(events: readonly AddressedEvent[]): void;
}

const signedInId = (): string | null => {
  try {
    const token = globalThis.localStorage?.getItem(STORAGE_KEYS.token);
    return token ? (readClaims(token)?._id ?? null) : null;
  } catch {
    return null;
  }
};

export function createMirageLive(): MirageLive {
  const connected = new Set<LiveHandlers>();
  return {
    connect(handlers) {
      connected.add(handlers);
      handlers.connected();
      return () => connected.delete(handlers);
    },
    emit(events) {
      if (connected.size === 0 || events.length === 0) return;
      const me = signedInId();
      for (const { userId, event } of events) {
        if (userId !== null && userId !== me) continue;
        connected.forEach((handlers) => handlers.event(event));
      }
    },
  };
}

/** The events of a message from another tab (an older tab sends none). */
export function eventsOfMessage(data: unknown): AddressedEvent[] {
  const events = (data as { events?: unknown } | null)?.events;
  return Array.isArray(events) ? (events as AddressedEvent[]) : [];
}
