import { api, ApiError, queryClient, queryKeys, useSession } from '@chirp/session';
import { aUser, deferred } from '@chirp/session/testing';
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

function backEndAccepts() {
  const signup = vi
    .spyOn(api, 'signup')
    .mockResolvedValue({ createdUser: aUser({ username: 'ada' }), encodedToken: 'token-of-ada' });
  return { signup };
}

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

      expect(await screen.findByText(' Enter all fields to signup ', exactly)).toBeInTheDocument();
      expect(screen.getByLabelText(label)).toHaveFocus();
      expect(signup).not.toHaveBeenCalled();
    },
  );

  it('treats a field of spaces as empty, and an invalid email address does not stop that check', async () => {
    const { signup } = backEndAccepts();
    const { user } = renderSignup();
    await fillIn(user, { ...filled, 'Email address': 'not-an-email', Username: '   ' });

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(' Enter all fields to signup ', exactly)).toBeInTheDocument();
    expect(signup).not.toHaveBeenCalled();
  });

  it('checks in the spec’s order: empty fields, then password length, then the match', async () => {
    const { signup } = backEndAccepts();
    const { user } = renderSignup();
    await fillIn(user, { ...filled, Password: 'short', 'Confirm password': '' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(' Enter all fields to signup ', exactly)).toBeInTheDocument();

    await fillIn(user, { 'Confirm password': 'different' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Password must be minimum 8 characters', exactly)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();

    await fillIn(user, { Password: 'engine-1843', 'Confirm password': 'engine-1844' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Passwords do not match', exactly)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();

    expect(signup).not.toHaveBeenCalled();
  });

  it('signs up with only the four fields, fills the login form, says so and goes to login', async () => {
    const { signup } = backEndAccepts();
    const suggestions = queryKeys.peopleList({ kind: 'suggestions' });
    queryClient.setQueryData(suggestions, { pages: [{ users: [], nextCursor: null }], pageParams: [undefined] });
    const { user } = renderSignup();
    await fillIn(user, filled);

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Landed on /' })).toBeInTheDocument();
    expect(await screen.findByText('Signed Up Successfully')).toBeInTheDocument();
    expect(signup).toHaveBeenCalledTimes(1);
    expect(signup.mock.calls[0][0]).toStrictEqual({
      username: 'ada',
      password: 'engine-1843',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    // Spec 4: users are reloaded: the lists of people load again when next shown.
    expect(queryClient.getQueryState(suggestions)?.isInvalidated).toBe(true);
    expect(useSession.getState().loginForm).toEqual({ username: 'ada', password: 'engine-1843' });
  });

  it('shows the back end’s message for a taken username and keeps the form', async () => {
    vi.spyOn(api, 'signup').mockRejectedValue(
      new ApiError(422, 'Unprocessable Entity. Username Already Exists.'),
    );
    const { user } = renderSignup();
    await fillIn(user, filled);

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Unprocessable Entity. Username Already Exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('shows progress and sends once however often it is submitted during the call', async () => {
    const answer = deferred<Awaited<ReturnType<typeof api.signup>>>();
    const signup = vi.spyOn(api, 'signup').mockReturnValue(answer.promise);
    const { user } = renderSignup();
    await fillIn(user, filled);

    await user.type(screen.getByLabelText('Confirm password'), '{Enter}');
    const button = screen.getByRole('button', { name: 'Sign Up' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    fireEvent.submit(button.closest('form')!);
    expect(signup).toHaveBeenCalledTimes(1);

    answer.resolve({ createdUser: aUser(), encodedToken: 'token-of-ada' });
    expect(await screen.findByRole('heading', { name: 'Landed on /' })).toBeInTheDocument();
    expect(signup).toHaveBeenCalledTimes(1);
  });
});
