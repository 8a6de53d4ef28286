/**
 * @chirp/seams: the one declaration of what each remote exposes and the props each module takes.
 * The shell's loader takes module ids and props from it, each remote's `exposes` map is checked
 * against it (`satisfies Exposes<'feed'>` in its Vite config), and each remote's `src/exposes.ts`
 * checks that the modules it exposes are components of the declared props. A typo in a module id or
 * a wrong prop fails `npm run typecheck`. Types only: this package ships nothing.
 */
import type { PostSource } from '@chirp/queries';
import type { ComponentType } from 'react';

/** A module that takes no props. */
export type NoProps = Record<never, never>;

/** feed/PostList: the profile's tabs name a source, the list pages through it. */
export interface PostListProps {
  source: PostSource;
  /** Shown instead of the list when there is no post. */
  emptyText: string;
  /** The list's accessible name. */
  label: string;
}

/** profile/ProfilePage: the person's page; its post tabs use the feed's list, composed in by the shell. */
export interface ProfilePageProps {
  userName: string;
  PostList: ComponentType<PostListProps>;
}

/** profile/SidePanel: 'column' is the desktop <aside>; 'dropdown' the phone top bar's search box. */
export interface SidePanelProps {
  variant: 'column' | 'dropdown';
}

/** profile/SearchPage: /search?q=, people and posts; the posts tab uses the feed's list, composed in by the shell. */
export interface SearchPageProps {
  PostList: ComponentType<PostListProps>;
}

/** feed/HomePage: /home; a Following list with nobody in it suggests people, with profile's list composed in by the shell. */
export interface HomePageProps {
  WhoToFollow: ComponentType<NoProps>;
}

/** feed/PostPage: /post/{postId}, the conversation around one post. */
export interface PostPageProps {
  postId: string;
}

/** feed/ComposerDialog: the 'Create Post' dialog; `onClose` is called when it should close. */
export interface ComposerDialogProps {
  onClose: () => void;
}

/** Every exposed module, `remote/Module`, with the props of its default export. */
export interface RemoteModules {
  'auth/LoginPage': NoProps;
  'auth/SignupPage': NoProps;
  'feed/HomePage': HomePageProps;
  'feed/ExplorePage': NoProps;
  'feed/BookmarksPage': NoProps;
  'feed/LikedPostsPage': NoProps;
  'feed/PostList': PostListProps;
  'feed/ComposerDialog': ComposerDialogProps;
  'feed/PostPage': PostPageProps;
  'profile/ProfilePage': ProfilePageProps;
  'profile/SidePanel': SidePanelProps;
  'profile/SearchPage': SearchPageProps;
  /** The suggestions of people to follow, for Home's empty Following list. */
  'profile/WhoToFollow': NoProps;
  /** /settings: the account's names and address, and the people muted or blocked. */
  'profile/SettingsPage': NoProps;
  /** /reports: the moderators' page. */
  'profile/ReportsPage': NoProps;
  'notifications/NotificationsPage': NoProps;
}

export type RemoteModuleId = keyof RemoteModules;
export type RemoteName = RemoteModuleId extends `${infer Remote}/${string}` ? Remote : never;

/** What `import()` of an exposed module gives: its default export is a component of its props. */
export interface ExposedModule<Id extends RemoteModuleId> {
  default: ComponentType<RemoteModules[Id]>;
}

type ModulesOf<Remote extends RemoteName> = Extract<RemoteModuleId, `${Remote}/${string}`>;
type ExposedKey<Id> = Id extends `${string}/${infer Module}` ? `./${Module}` : never;

/** A remote's `exposes` map in its Vite config: exactly its declared modules, each a source file. */
export type Exposes<Remote extends RemoteName> = { [Id in ModulesOf<Remote> as ExposedKey<Id>]: string };

/** A remote's exposed modules themselves, as `import * as` gives them: checked in its src/exposes.ts. */
export type ExposedModules<Remote extends RemoteName> = {
  [Id in ModulesOf<Remote> as ExposedKey<Id>]: ExposedModule<Id>;
};
