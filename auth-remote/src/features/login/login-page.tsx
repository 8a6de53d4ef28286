import { GUEST_CREDENTIALS, MESSAGES, paths } from '@chirp/contracts';
import { errorMessage, toast, useSession } from '@chirp/session';
import { PersonIcon } from '@chirp/ui';
import { useRef, type ChangeEvent, type FormEvent, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthPage } from '../../components/auth-page/auth-page';
import { focusField, PasswordField, TextField } from '../../components/auth-page/form-fields';
import { SubmitButton } from '../../components/auth-page/submit-button';
import { useSubmission } from '../../components/auth-page/use-submission';
import { useTextTypedEarly } from '../../components/auth-page/use-text-typed-early';
import { returnPath } from '../../lib/return-path';

/** One toast id for the form's errors, so a new problem replaces the last one. */
const ERROR_TOAST = 'login-error';

/** The login page (route /). Its fields live in the session store, so sign-up can fill them. */
export default function LoginPage() {
  const loginForm = useSession((state) => state.loginForm);
  const setLoginForm = useSession((state) => state.setLoginForm);
  const logIn = useSession((state) => state.logIn);
  const navigate = useNavigate();
  const location = useLocation();
  const { busy, run, running } = useSubmission();
  const submitButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useTextTypedEarly(form, setLoginForm);

  const fieldChanged = (event: ChangeEvent<HTMLInputElement>) =>
    setLoginForm({ [event.target.name]: event.target.value });

  // Spec: the guest link only fills in the demo account; the person then presses Log in.
  const guestChosen = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setLoginForm({ ...GUEST_CREDENTIALS });
    submitButton.current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running()) return;
    const { username, password } = loginForm;
    const emptyField = !username.trim() ? 'username' : !password.trim() ? 'password' : null;
    if (emptyField) {
      toast.error(MESSAGES.invalidCredentials, { id: ERROR_TOAST });
      focusField(event.currentTarget, emptyField);
      return;
    }
    const destination = returnPath(location.state);
    void run(async () => {
      try {
        await logIn({ username: username.trim(), password });
      } catch (error) {
        toast.error(errorMessage(error), { id: ERROR_TOAST });
        return;
      }
      toast.dismiss(ERROR_TOAST);
      toast.success(MESSAGES.loggedIn);
      navigate(destination, { replace: true });
    });
  };

  return (
    <AuthPage title="Log in to Chirp" taglineIsHeading>
      <form ref={form} className="auth-form" onSubmit={submit}>
        <TextField
          label="Email address"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={loginForm.username}
          onChange={fieldChanged}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={loginForm.password}
          onChange={fieldChanged}
        />
        <SubmitButton ref={submitButton} busy={busy} busyText="Logging in…">
          Log in
        </SubmitButton>
      </form>
      <a className="auth-page__guest" href={paths.login} onClick={guestChosen}>
        <PersonIcon />
        Login as Guest
      </a>
      <p className="auth-page__forgotten">Forgotten password?</p>
      <hr className="auth-page__divider" />
      <p className="auth-page__switch">
        New to Chirp?{' '}
        <Link to={paths.signup} state={location.state}>
          Sign up
        </Link>
      </p>
    </AuthPage>
  );
}
