import type { StateCreator } from 'zustand';
import { api } from '../api/api-client';
import type { User } from '../types';
import type { Session } from './session-store';

export interface UsersSlice {
  users: User[];
  currentUser: User | null;
  /** Ids of the posts the current user has bookmarked. */
  bookmarks: string[];
  /** A new users list also refreshes the current user's details (spec 1). */
  usersLoaded: (users: User[]) => void;
  bookmarksChanged: (bookmarks: string[]) => void;
  /** Puts changed users in place (an optimistic follow, or the server's answer), the current user too. */
  usersChanged: (changed: User[]) => void;
  loadUsers: () => Promise<void>;
}

export const initialUsersState = () => ({
  users: [] as User[],
  currentUser: null as User | null,
  bookmarks: [] as string[],
});

export const createUsersSlice: StateCreator<Session, [], [], UsersSlice> = (set, get) => ({
  ...initialUsersState(),
  usersLoaded: (users) =>
    set((state) => {
      const currentUser = users.find((user) => user.username === state.username) ?? state.currentUser;
      return { users, currentUser, bookmarks: currentUser?.bookmarks ?? state.bookmarks };
    }),
  bookmarksChanged: (bookmarks) =>
    set((state) => ({
      bookmarks,
      currentUser: state.currentUser ? { ...state.currentUser, bookmarks } : null,
    })),
  usersChanged: (changed) =>
    set((state) => {
      const byId = new Map(changed.map((user) => [user._id, user]));
      const mine = state.currentUser && byId.get(state.currentUser._id);
      return {
        users: state.users.map((user) => byId.get(user._id) ?? user),
        ...(mine ? { currentUser: { ...mine, bookmarks: state.bookmarks } } : {}),
      };
    }),
  loadUsers: async () => {
    const { users } = await api.getUsers();
    get().usersLoaded(users);
  },
});
