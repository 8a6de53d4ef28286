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
  loadUsers: async () => {
    const { users } = await api.getUsers();
    get().usersLoaded(users);
  },
});
