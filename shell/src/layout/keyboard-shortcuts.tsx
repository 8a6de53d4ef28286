import { paths } from '@chirp/contracts';
import { errorMessage, toast } from '@chirp/session';
import { KeyboardIcon, OnDemand, onDemand, type ShortcutTarget, shortcutSelector } from '@chirp/ui';
import { type ReactNode, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import './keyboard-shortcuts.css';

/**
 * The list is fetched when it is first asked for: the first screen does without it. If it cannot
 * come (offline, or a redeploy removed the file), a toast says why and the page goes on.
 */
const KeyboardShortcutsDialog = onDemand(() => import('./keyboard-shortcuts-dialog').then((module) => module.default));

/** How long after `g` its second key still counts. */
const SEQUENCE_TIMEOUT = 1500;

const FIELDS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="menu"], [role="listbox"]';

/**
 * Keys meant for something else: typed in a field or a menu, with Ctrl, ⌘ or Alt (the browser's and
 * the system's shortcuts), or pressed while a dialog is open (it holds the keyboard; Escape is its).
 */
function meantForSomethingElse(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target instanceof Element ? event.target : null;
  // A dialog closed with Escape keeps focus on its field until its close event, a moment later: a
  // key pressed then is typed nowhere, so it is the page's.
  const inClosedDialog = target?.closest('dialog:not([open])') != null;
  if (!inClosedDialog && (target?.closest(FIELDS) || (target instanceof HTMLElement && target.isContentEditable))) return true;
  return document.querySelector('dialog[open]') !== null;
}

const postOf = (element: Element | null) => element?.closest<HTMLElement>(shortcutSelector('post')) ?? null;

/** The first post at least partly on screen. */
function firstPostInView(posts: HTMLElement[]): HTMLElement | undefined {
  return posts.find((post) => post.getBoundingClientRect().bottom > 0) ?? posts[0];
}

/**
 * `j`/`k`: focus the next or previous post of the page and scroll it into view. With no post
 * focused (or the focused one scrolled out of a windowed list), the first post on screen.
 */
function moveToPost(step: 1 | -1): boolean {
  const posts = [...document.querySelectorAll<HTMLElement>(shortcutSelector('post'))];
  const current = postOf(document.activeElement);
  const index = current ? posts.indexOf(current) : -1;
  const next = index === -1 ? firstPostInView(posts) : posts[index + step];
  if (!next) return false;
  next.focus({ preventScroll: true });
  next.scrollIntoView({ block: 'nearest' });
  return true;
}

/** `l`, `b`, `r`, `Enter`: press the focused post's own button or link. */
function pressInPost(target: ShortcutTarget): boolean {
  const control = postOf(document.activeElement)?.querySelector<HTMLElement>(shortcutSelector(target));
  if (!control) return false;
  control.click();
  return true;
}

function focusSearch(): boolean {
  const field = document.querySelector<HTMLElement>(shortcutSelector('search'));
  field?.focus();
  return field !== null;
}

interface ShortcutActions {
  newPost: () => void;
  showShortcuts: () => void;
}

/** The page's keyboard shortcuts, one listener for the whole signed-in layout. */
function useShortcutKeys({ newPost, showShortcuts }: ShortcutActions) {
  const navigate = useNavigate();
  const sequenceStart = useRef<number | null>(null);

  const handle = useEffectEvent((event: KeyboardEvent) => {
    if (meantForSomethingElse(event)) {
      sequenceStart.current = null;
      return;
    }
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const afterG = sequenceStart.current !== null && event.timeStamp - sequenceStart.current <= SEQUENCE_TIMEOUT;
    sequenceStart.current = null;
    const done = (() => {
      if (afterG && key === 'h') return (navigate(paths.home), true);
      if (afterG && key === 'n') return (navigate(paths.notifications), true);
      switch (key) {
        case 'g':
          sequenceStart.current = event.timeStamp;
          return true;
        case 'j':
          return moveToPost(1);
        case 'k':
          return moveToPost(-1);
        case 'l':
          return pressInPost('like');
        case 'b':
          return pressInPost('bookmark');
        case 'r':
          return pressInPost('reply');
        // Enter on a post itself: on its buttons and links it is theirs.
        case 'Enter':
          return event.target === postOf(event.target as Element) && pressInPost('open');
        case 'n':
          return (newPost(), true);
        case '/':
          return focusSearch();
        case '?':
          return (showShortcuts(), true);
        default:
          return false;
      }
    })();
    // The key did its work here: it must not also type, scroll or press anything.
    if (done) event.preventDefault();
  });

  useEffect(() => {
    // Listening on the document, after React's own handlers: a key a component used is defaultPrevented.
    const listener = (event: KeyboardEvent) => handle(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

/** The sidebar's way to the list, so the shortcuts can be found without knowing `?`. */
export function KeyboardShortcutsButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="shortcuts-button" title="Keyboard shortcuts (?)" onClick={onClick}>
      <KeyboardIcon size={20} />
      <span className="shortcuts-button__label">Keyboard shortcuts</span>
    </button>
  );
}

/**
 * The signed-in layout's keyboard shortcuts: the keys, and the dialog that lists them (render
 * `shortcutsDialog`; `showShortcuts` opens it).
 */
export function useKeyboardShortcuts({ newPost }: { newPost: () => void }): {
  showShortcuts: () => void;
  shortcutsDialog: ReactNode;
} {
  const [shown, setShown] = useState(false);
  const showShortcuts = () => setShown(true);
  useShortcutKeys({ newPost, showShortcuts });
  return {
    showShortcuts,
    shortcutsDialog: shown ? (
      <OnDemand
        onFailed={(error) => {
          toast.error(errorMessage(error));
          setShown(false);
        }}
      >
        <KeyboardShortcutsDialog onClose={() => setShown(false)} />
      </OnDemand>
    ) : null,
  };
}
