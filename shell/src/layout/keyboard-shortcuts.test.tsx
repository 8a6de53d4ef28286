import { shortcutTarget } from '@chirp/ui';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyboardShortcutsButton, useKeyboardShortcuts } from './keyboard-shortcuts';

/** A post as the feed remote marks it: a focusable article with its own Like, Bookmark, Reply and link. */
function Post({ name, onAction }: { name: string; onAction: (action: string) => void }) {
  const [liked, setLiked] = useState(false);
  return (
    <article tabIndex={-1} aria-label={name} {...shortcutTarget('post')}>
      <a href="#post" {...shortcutTarget('open')} onClick={(event) => (event.preventDefault(), onAction(`open ${name}`))}>
        now
      </a>
      <button type="button" {...shortcutTarget('reply')} onClick={() => onAction(`reply ${name}`)}>
        Reply
      </button>
      <button type="button" aria-pressed={liked} {...shortcutTarget('like')} onClick={() => setLiked(!liked)}>
        Like
      </button>
      <button type="button" {...shortcutTarget('bookmark')} onClick={() => onAction(`bookmark ${name}`)}>
        Bookmark
      </button>
    </article>
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The signed-in layout as far as the shortcuts see it: posts, a search field, a text box. */
function Layout({ onAction, newPost }: { onAction: (action: string) => void; newPost: () => void }) {
  const { showShortcuts, shortcutsDialog } = useKeyboardShortcuts({ newPost });
  return (
    <>
      <KeyboardShortcutsButton onClick={showShortcuts} />
      <input type="search" aria-label="Search friend" {...shortcutTarget('search')} />
      <textarea aria-label="Write a post" />
      {['First', 'Second', 'Third'].map((name) => (
        <Post key={name} name={name} onAction={onAction} />
      ))}
      <Where />
      {shortcutsDialog}
    </>
  );
}

function showLayout() {
  const onAction = vi.fn();
  const newPost = vi.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/explore']}>
      <Layout onAction={onAction} newPost={newPost} />
    </MemoryRouter>,
  );
  return { user, onAction, newPost };
}

const post = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

describe('the keyboard shortcuts', () => {
  it('j and k move focus from post to post and scroll each into view', async () => {
    const { user } = showLayout();
    await user.keyboard('j');
    expect(post('First')).toHaveFocus();
    await user.keyboard('j');
    expect(post('Second')).toHaveFocus();
    expect(post('Second').scrollIntoView).toHaveBeenCalled();
    await user.keyboard('jj');
    expect(post('Third')).toHaveFocus(); // the last stays
    await user.keyboard('k');
    expect(post('Second')).toHaveFocus();
  });

  it('l, b, r and Enter press the focused post’s own buttons and link', async () => {
    const { user, onAction } = showLayout();
    await user.keyboard('jj');
    await user.keyboard('l');
    expect(within(post('Second')).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(post('First')).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('b');
    await user.keyboard('r');
    post('Second').focus();
    await user.keyboard('{Enter}');
    expect(onAction.mock.calls.map(([action]) => action)).toEqual(['bookmark Second', 'reply Second', 'open Second']);
  });

  it('leaves Enter on a post’s button to the button', async () => {
    const { user, onAction } = showLayout();
    within(post('First')).getByRole('button', { name: 'Reply' }).focus();
    await user.keyboard('{Enter}');
    expect(onAction.mock.calls.map(([action]) => action)).toEqual(['reply First']);
  });

  it('l, b and r do nothing while no post is focused', async () => {
    const { user, onAction } = showLayout();
    await user.keyboard('lbr');
    expect(onAction).not.toHaveBeenCalled();
    expect(screen.queryAllByRole('button', { name: 'Like', pressed: true })).toHaveLength(0);
  });

  it('n asks for a new post, / goes to the search field without typing in it', async () => {
    const { user, newPost } = showLayout();
    await user.keyboard('n');
    expect(newPost).toHaveBeenCalledOnce();
    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search friend' })).toHaveFocus();
    expect(screen.getByRole('searchbox', { name: 'Search friend' })).toHaveValue('');
  });

  it('takes a key pressed in the field of a dialog just closed (before its close event moved focus out)', () => {
    showLayout();
    const closed = document.createElement('dialog');
    const field = document.createElement('textarea');
    closed.append(field);
    document.body.append(closed);
    try {
      act(() => void field.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true })));
      expect(screen.getByRole('searchbox', { name: 'Search friend' })).toHaveFocus();
    } finally {
      closed.remove();
    }
  });

  it('g then h goes home, g then n to the notifications (not after a pause)', async () => {
    const { user, newPost } = showLayout();
    await user.keyboard('gh');
    expect(screen.getByTestId('where')).toHaveTextContent('/home');
    await user.keyboard('gn');
    expect(screen.getByTestId('where')).toHaveTextContent('/notifications');
    expect(newPost).not.toHaveBeenCalled();

    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const slow = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await slow.keyboard('g');
      act(() => vi.advanceTimersByTime(2000));
      await slow.keyboard('h');
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByTestId('where')).toHaveTextContent('/notifications');
  });

  it('never acts while one types in a field, or with Ctrl, ⌘ or Alt', async () => {
    const { user, newPost } = showLayout();
    await user.click(screen.getByRole('textbox', { name: 'Write a post' }));
    await user.keyboard('jn/gh?');
    expect(screen.getByRole('textbox', { name: 'Write a post' })).toHaveValue('jn/gh?');
    expect(screen.getByRole('textbox', { name: 'Write a post' })).toHaveFocus();
    expect(newPost).not.toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/explore');

    post('First').focus();
    await user.keyboard('{Control>}j{/Control}{Meta>}n{/Meta}{Alt>}l{/Alt}');
    expect(post('First')).toHaveFocus();
    expect(newPost).not.toHaveBeenCalled();
    expect(within(post('First')).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  });

  // Escape closing it is the browser's (the native modal dialog's): the E2E tests press it.
  it('? lists the shortcuts in a dialog, which holds the keys while it is open', async () => {
    const { user, newPost } = showLayout();
    await user.keyboard('?');
    // The list's code is fetched when it is first asked for.
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const terms = within(dialog).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['j', 'k', 'l', 'b', 'r', 'Enter', 'n', '/', 'g then h', 'g then n', '?']);
    expect(within(dialog).getByText('Go to notifications')).toBeInTheDocument();

    await user.keyboard('n');
    expect(newPost).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('n');
    expect(newPost).toHaveBeenCalledOnce();
  });

  it('the Keyboard shortcuts button opens the list too', async () => {
    const { user } = showLayout();
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });
});
