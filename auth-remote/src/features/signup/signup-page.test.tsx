import { ApiError, compactApi, useSession } from '@chirp/session';
import { aPostPage, aProfile, deferred } from '@chirp/session/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAuthRoute, resetSessionBetweenTests } from '../../test/render-auth-route';
import SignupPage from './signup-page';

resetSessionBetweenTests();

const exactly = { normalizer: (text: string) => text };

function renderSignup() {
  return renderAuthRoute(<SignupPage />, { pathname: '/signup' });
}

const ada = aProfile({ username: 'ada', firstName: 'Ada', lastName: 'Lovelace' });

function backEndAccepts() {
  const signup = vi.spyOn(compactApi, 'signup').mockResolvedValue({ createdUser: ada, encodedToken: 'token-of-ada' });
  const editAccount = vi
    .spyOn(compactApi, 'editAccount')
    .mockResolvedValue({ account: { _id: ada._id, username: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } });
  vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([]));
  return { signup, editAccount };
}

/** A toast (the toaster's status region), as opposed to the same words under a field. */
const findToast = (text: string) => screen.findByText(text, { ...exactly, selector: '[role="status"]' });

const filled = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  'Email address': 'ada@example.com',
  Username: 'ada',
  Password: 'engine-1843',
  'Confirm password': 'engine-1843',
};

async function fillIn(user: UserEvent, values: Partial<Record<keyof typeof filled, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

describe('SignupPage', () => {
  it('shows every field with a visible label, the notice, the button and a way back to login', () => {
    renderSignup();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    for (const label of ['First name', 'Last name', 'Username']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'text');
    }
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    expect(screen.getByText(/Terms, Privacy Policy and Cookies Policy/)).toHaveTextContent(/SMS notifications/);
    expect(screen.getByRole('button', { name: 'Sign Up' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/');
  });

  it('shows and hides each password with its own toggle', async () => {
    const { user } = renderSignup();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    await user.click(screen.getByRole('button', { name: 'Hide confirm password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
  });

  it.each(Object.keys(filled) as (keyof typeof filled)[])(
    'asks for every field when "%s" is empty, without calling the back end',
    async (label) => {
      const { signup } = backEndAccepts();
      const { user } = renderSignup();
      await fillIn(user, { ...filled, [label]: '' });

      await user.click(screen.getByRole('button', { name: 'Sign Up' }));

      expect(await findToast(' Enter all fields to signup ')).toBeInTheDocument();
      expect(screen.getByLabelText(label)).toHaveFocus();
      expect(signup).not.toHaveBeenCalled();
    },
  );

  it('treats a field of spaces as empty, and an invalid email address does not stop that check', async () => {
    const { signup } = backEndAccepts();
    const { user } = renderSignup();
    await fillIn(user, { ...filled, 'Email address': 'not-an-email', Username: '   ' });

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await findToast(' Enter all fields to signup ')).toBeInTheDocument();
    expect(signup).not.toHaveBeenCalled();
  });

  it('checks in the spec’s order: empty fields, then password length, then the match', async () => {
    const { signup } = backEndAccepts();
    const { user } = renderSignup();
    await fillIn(user, { ...filled, Password: 'short', 'Confirm password': '' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await findToast(' Enter all fields to signup ')).toBeInTheDocument();

    await fillIn(user, { 'Confirm password': 'different' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await findToast('Password must be minimum 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();

    await fillIn(user, { Password: 'engine-1843', 'Confirm password': 'engine-1844' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await findToast('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();

    expect(signup).not.toHaveBeenCalled();
  });

  it('signs up with only the four fields, signs the newcomer in, says so and goes to /home', async () => {
    const { signup } = backEndAccepts();
    const { user } = renderSignup();
    await fillIn(user, filled);

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Landed on /home' })).toBeInTheDocument();
    expect(await screen.findByText('Signed Up Successfully')).toBeInTheDocument();
    expect(signup).toHaveBeenCalledTimes(1);
    expect(signup.mock.calls[0]![0]).toStrictEqual({
      username: 'ada',
      password: 'engine-1843',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(useSession.getState()).toMatchObject({ token: 'token-of-ada', username: 'ada', currentUser: ada });
  });

  it('then keeps the email address as the account’s, signed in, so that it logs in too', async () => {
    const { signup, editAccount } = backEndAccepts();
    const { user } = renderSignup();
    await fillIn(user, { ...filled, 'Email address': ' ada@example.com ' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(editAccount).toHaveBeenCalledWith({ email: 'ada@example.com' }));
    expect(signup.mock.invocationCallOrder[0]).toBeLessThan(editAccount.mock.invocationCallOrder[0]!);
  });

  it('moves on to /home only once the address is kept, so that a tab closed there has not lost it', async () => {
    const { editAccount } = backEndAccepts();
    const kept = deferred<Awaited<ReturnType<typeof compactApi.editAccount>>>();
    editAccount.mockReturnValue(kept.promise);
    const { user } = renderSignup();
    await fillIn(user, filled);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(editAccount).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Landed on /home' })).not.toBeInTheDocument();
    kept.resolve({ account: { _id: ada._id, username: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } });
    expect(await screen.findByRole('heading', { name: 'Landed on /home' })).toBeInTheDocument();
  });

  it('says so when the address is refused, with the account made and the newcomer signed in', async () => {
    const { editAccount } = backEndAccepts();
    editAccount.mockRejectedValue(new ApiError(409, 'This email address is already used by another account.'));
    const { user } = renderSignup();
    await fillIn(user, filled);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(
      await findToast('This email address is already used by another account. Your account was made without this email address: add one in Settings.'),
    ).toBeInTheDocument();
    // The toast shows before the page moves on.
    expect(await screen.findByRole('heading', { name: 'Landed on /home' })).toBeInTheDocument();
    expect(useSession.getState().username).toBe('ada');
  });

  it('shows every problem beside its field at once, tied to it, while the toast names the first', async () => {
    const { signup } = backEndAccepts();
    const { user } = renderSignup();
    await fillIn(user, { ...filled, 'First name': '', Username: 'ada lovelace', Password: 'short', 'Confirm password': 'other' });

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await findToast(' Enter all fields to signup ')).toBeInTheDocument();
    const problems = {
      'First name': 'Enter your first name.',
      Username: 'A username may contain only letters, digits, dots, dashes and underscores, and needs at least one letter.',
      Password: 'Password must be minimum 8 characters',
      'Confirm password': 'Passwords do not match',
    };
    for (const [label, problem] of Object.entries(problems)) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(problem));
    }
    expect(screen.getByLabelText('Last name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(signup).not.toHaveBeenCalled();

    // A fixed field says nothing more; the others still do.
    await user.type(screen.getByLabelText('First name'), 'Ada');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter your first name.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the back end’s message for a taken username and keeps the form', async () => {
    vi.spyOn(compactApi, 'signup').mockRejectedValue(
      new ApiError(422, 'Unprocessable Entity. Username Already Exists.'),
    );
    const { user } = renderSignup();
    await fillIn(user, filled);

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await findToast('Unprocessable Entity. Username Already Exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(expect.stringContaining('Username Already Exists.'));
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('shows progress and sends once however often it is submitted during the call', async () => {
    const answer = deferred<Awaited<ReturnType<typeof compactApi.signup>>>();
    const { signup } = backEndAccepts();
    signup.mockReturnValue(answer.promise);
    const { user } = renderSignup();
    await fillIn(user, filled);

    await user.type(screen.getByLabelText('Confirm password'), '{Enter}');
    const button = screen.getByRole('button', { name: 'Sign Up' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    fireEvent.submit(button.closest('form')!);
    expect(signup).toHaveBeenCalledTimes(1);

    answer.resolve({ createdUser: ada, encodedToken: 'token-of-ada' });
    expect(await screen.findByRole('heading', { name: 'Landed on /home' })).toBeInTheDocument();
    expect(signup).toHaveBeenCalledTimes(1);
  });
});
