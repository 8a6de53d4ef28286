import { paths } from '@chirp/contracts';
import { useSession } from '@chirp/session';
import { Avatar, BookmarkIcon, ExploreIcon, HeartIcon, HomeIcon, LogoIcon, PlusIcon, usePhoneLayout } from '@chirp/ui';
import { type ReactNode, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { RemoteArea } from '../remotes/remote-area';
import { AccountMenu } from './account-menu';
import { KeyboardShortcutsButton, useKeyboardShortcuts } from './keyboard-shortcuts';
import { NotificationsLink } from './notifications-link';

const sections: { to: string; label: string; icon: ReactNode }[] = [
  { to: paths.home, label: 'Home', icon: <HomeIcon size={24} /> },
  { to: paths.explore, label: 'Explore', icon: <ExploreIcon size={24} /> },
  { to: paths.bookmarks, label: 'Bookmarks', icon: <BookmarkIcon size={24} /> },
  { to: paths.likedPosts, label: 'Liked Post', icon: <HeartIcon size={24} /> },
];

/** The home link, named "Chirp" by its mark: the word beside it (not on phones) would say it twice. */
function Brand() {
  return (
    <Link to={paths.home} className="brand">
      <LogoIcon size={24} />
      <span className="brand__name" aria-hidden="true">
        Chirp
      </span>
    </Link>
  );
}

function SectionLinks({ showLabels }: { showLabels: boolean }) {
  return (
    <ul className="nav-links">
      {sections.map(({ to, label, icon }) => (
        <li key={to}>
          <NavLink to={to} className="nav-link" aria-label={showLabels ? undefined : label}>
            {icon}
            {showLabels && <span className="nav-link__label">{label}</span>}
          </NavLink>
        </li>
      ))}
      <li>
        <NotificationsLink showLabel={showLabels} />
      </li>
    </ul>
  );
}

function DesktopChrome({ openComposer, showShortcuts }: { openComposer: () => void; showShortcuts: () => void }) {
  return (
    <header className="sidebar">
      <nav aria-label="Main" className="sidebar__nav">
        <Brand />
        <SectionLinks showLabels />
        <button type="button" className="button button--primary sidebar__post" onClick={openComposer}>
          <PlusIcon size={24} />
          <span>Post</span>
        </button>
        <AccountMenu />
        <KeyboardShortcutsButton onClick={showShortcuts} />
      </nav>
    </header>
  );
}

function PhoneChrome({ openComposer }: { openComposer: () => void }) {
  const username = useSession((state) => state.username) ?? '';
  const picture = useSession((state) => state.currentUser?.profilePic);
  return (
    <>
      <header className="phone-top-bar">
        <Brand />
        <div className="phone-top-bar__search">
          <RemoteArea module="profile/SidePanel" label="search" props={{ variant: 'dropdown' }} loading={null} />
        </div>
      </header>
      <nav aria-label="Main" className="bottom-nav">
        <SectionLinks showLabels={false} />
        <NavLink to={paths.profile(username)} className="nav-link" aria-label="Profile">
          <Avatar className="avatar avatar--small" src={picture} size={28} />
        </NavLink>
      </nav>
      <button type="button" className="fab" aria-label="Add post" onClick={openComposer}>
        <PlusIcon size={24} />
      </button>
    </>
  );
}

/** The chrome of every logged-in page: navigation, the page itself, search and suggestions. */
export function AppLayout() {
  const phone = usePhoneLayout();
  const [composerOpen, toggleComposer] = useState(false);
  const openComposer = () => toggleComposer(true);
  const { showShortcuts, shortcutsDialog } = useKeyboardShortcuts({ newPost: openComposer });

  return (
    <div className="app-layout">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {phone ? <PhoneChrome openComposer={openComposer} /> : <DesktopChrome openComposer={openComposer} showShortcuts={showShortcuts} />}
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {!phone && (
        <aside className="app-aside" aria-label="Search and suggestions">
          <RemoteArea module="profile/SidePanel" label="search and suggestions" props={{ variant: 'column' }} />
        </aside>
      )}
      {composerOpen && (
        <RemoteArea
          module="feed/ComposerDialog"
          label="post composer"
          props={{ onClose: () => toggleComposer(false) }}
          loading={null}
        />
      )}
      {shortcutsDialog}
    </div>
  );
}
