import { GUEST_CREDENTIALS } from '@chirp/contracts';
import { ApiError, compactApi, useSession } from '@chirp/session';
import { aPostPage, aProfile, deferred } from '@chirp/session/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAuthRoute, resetSessionBetweenTests } from '../../test/render-auth-route';
import LoginPage from './login-page';

resetSessionBetweenTests();

function renderLogin(state?: unknown) {
  return renderAuthRoute(<LoginPage />, { pathname: '/', state });
}

function backEndAccepts(username = 'ada') {
  const user = aProfile({ username });
  const login = vi.spyOn(compactApi, 'login').mockResolvedValue({ foundUser: user, encodedToken: 'token-of-ada' });
  vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([]));
  return login;
}

describe('LoginPage', () => {
  it('shows the tagline, the labelled fields, the forgotten-password text and a way to sign up', () => {
    renderLogin();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Stay Always Connceted' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('type', 'submit');
    expect(screen.getByText('Forgotten password?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('fills in the guest credentials without logging in', async () => {
    const login = backEndAccepts();
    const { user } = renderLogin();

    await user.click(screen.getByRole('link', { name: 'Login as Guest' }));

    expect(screen.getByLabelText('Email address')).toHaveValue(GUEST_CREDENTIALS.username);
    expect(screen.getByLabelText('Password')).toHaveValue(GUEST_CREDENTIALS.password);
    expect(useSession.getState().loginForm).toEqual(GUEST_CREDENTIALS);
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveFocus();
    expect(login).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Stay Always Connceted' })).toBeInTheDocument();
  });

  it('shows and hides the password with its toggle', async () => {
    const { user } = renderLogin();
    const password = screen.getByLabelText('Password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it.each([
    ['both fields are empty', '', ''],
    ['the username is empty', '', 'secret-pass'],
    ['the password is empty', 'ada', ''],
    ['the username is only spaces', '   ', 'secret-pass'],
  ])('refuses with "Invaild Credentials" when %s, without calling the back end', async (_case, name, pass) => {
    const login = backEndAccepts();
    const { user } = renderLogin();
    if (name) await user.type(screen.getByLabelText('Email address'), name);
    if (pass) await user.type(screen.getByLabelText('Password'), pass);

    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Invaild Credentials')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Stay Always Connceted' })).toBeInTheDocument();
  });

  it('logs in on Enter, keeps the session, says so and goes to /home', async () => {
    const login = backEndAccepts('ada');
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email address'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret-pass{Enter}');

    expect(await screen.findByRole('heading', { name: 'Landed on /home' })).toBeInTheDocument();
    expect(await screen.findByText('Successfully Logged In')).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith({ username: 'ada', password: 'secret-pass' });
    expect(localStorage.getItem('token')).toBe('token-of-ada');
    expect(localStorage.getItem('username')).toBe('ada');
    expect(useSession.getState().currentUser?.username).toBe('ada');
  });

  it('returns to the page the guard turned the visitor away from', async () => {
    backEndAccepts();
    const { user } = renderLogin({ from: { pathname: '/explore', search: '?tab=new', hash: '' } });
    await user.click(screen.getByRole('link', { name: 'Login as Guest' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Landed on /explore?tab=new' })).toBeInTheDocument();
  });

  it.each([
    [404, 'The username you entered is not Registered. Not Found error'],
    [401, 'The credentials you entered are invalid. Unauthorized access error.'],
  ])('shows the back end’s %i message and stays on the page', async (status, message) => {
    vi.spyOn(compactApi, 'login').mockRejectedValue(new ApiError(status, message));
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email address'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');

    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(screen.getByLabelText('Email address')).toHaveValue('ada');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows progress and ignores a second submit while the call is under way', async () => {
    const answer = deferred<Awaited<ReturnType<typeof compactApi.login>>>();
    const login = vi.spyOn(compactApi, 'login').mockReturnValue(answer.promise);
    vi.spyOn(compactApi, 'feed').mockResolvedValue(aPostPage([]));
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email address'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret-pass{Enter}');

    const button = screen.getByRole('button', { name: 'Log in' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    await user.click(button);
    // A second submit event that reaches the form anyway (a fast double Enter) is ignored too.
    fireEvent.submit(button.closest('form')!);
    expect(login).toHaveBeenCalledTimes(1);

    answer.resolve({ foundUser: aProfile(), encodedToken: 'token-of-ada' });
    expect(await screen.findByRole('heading', { name: 'Landed on /home' })).toBeInTheDocument();
    expect(login).toHaveBeenCalledTimes(1);
  });
});
