import { ACCOUNT_TEXTS, MESSAGES, MIN_PASSWORD_LENGTH, paths, type SignupForm } from '@chirp/contracts';
import { ApiError, compactApi, errorMessage, toast, useSession } from '@chirp/session';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthPage } from '../../components/auth-page/auth-page';
import { focusField, PasswordField, TextField } from '../../components/auth-page/form-fields';
import { SubmitButton } from '../../components/auth-page/submit-button';
import { useSubmission } from '../../components/auth-page/use-submission';
import { useTextTypedEarly } from '../../components/auth-page/use-text-typed-early';
import { returnPath } from '../../lib/return-path';
import { emptySignupForm, type SignupFieldErrors, signupFieldErrors, signupPayload, signupProblem } from './signup-checks';

/** One toast id for the form's errors, so a new problem replaces the last one. */
const ERROR_TOAST = 'signup-error';

/**
 * The address typed at sign-up becomes the account's, so that it logs in as the username does. The
 * sign-up call sends only what the spec lists (spec 3), so the address follows in the account's own
 * call; the account exists by then, so a refusal (an address another account has) only says so.
 * It is kept before the page moves on, so that a tab closed on /home has not lost it.
 */
async function keepEmail(email: string) {
  try {
    await compactApi.editAccount({ email: email.trim() });
  } catch (error) {
    toast.error(`${errorMessage(error)} ${ACCOUNT_TEXTS.emailNotKept}`);
  }
}

/** The sign-up page (route /signup): a successful sign-up signs the person in and goes on to /home. */
export default function SignupPage() {
  const signUp = useSession((state) => state.signUp);
  const navigate = useNavigate();
  const location = useLocation();
  const [form, setForm] = useState<SignupForm>(emptySignupForm);
  const [errors, setErrors] = useState<SignupFieldErrors>({});
  const { busy, run, running } = useSubmission();
  const formRef = useRef<HTMLFormElement>(null);
  useTextTypedEarly(formRef, (typed) => setForm((shown) => ({ ...shown, ...typed })));

  const fieldChanged = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    const next = { ...form, [name]: value };
    setForm(next);
    // The errors shown follow the typing: one fixed goes, none appears before the next submit.
    setErrors((shown) => {
      const now = signupFieldErrors(next);
      return Object.fromEntries(Object.keys(shown).flatMap((field) => (field in now ? [[field, now[field as keyof SignupForm]]] : [])));
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running()) return;
    const problem = signupProblem(form);
    if (problem) {
      // The toast names the first problem (the spec's order and texts); each field shows its own.
      setErrors(signupFieldErrors(form));
      toast.error(problem.message, { id: ERROR_TOAST });
      focusField(event.currentTarget, problem.field);
      return;
    }
    setErrors({});
    const formElement = event.currentTarget;
    const destination = returnPath(location.state);
    void run(async () => {
      try {
        // The newcomer is signed in at once: no second trip through the login page.
        await signUp(signupPayload(form));
      } catch (error) {
        toast.error(errorMessage(error), { id: ERROR_TOAST });
        // A taken username is the username field's problem.
        if (error instanceof ApiError && error.status === 422) {
          setErrors({ username: errorMessage(error) });
          focusField(formElement, 'username');
        }
        return;
      }
      await keepEmail(form.emailAddress);
      toast.dismiss(ERROR_TOAST);
      toast.success(MESSAGES.signedUp);
      navigate(destination, { replace: true });
    });
  };

  return (
    <AuthPage title="Create a new account">
      <p className="auth-page__lead">It’s quick and easy.</p>
      {/* noValidate: the browser's own email check must not pre-empt the spec's order of checks. */}
      <form ref={formRef} className="auth-form" noValidate onSubmit={submit}>
        <div className="auth-form__row">
          <TextField
            label="First name"
            name="firstName"
            error={errors.firstName}
            autoComplete="given-name"
            value={form.firstName}
            onChange={fieldChanged}
          />
          <TextField
            label="Last name"
            name="lastName"
            error={errors.lastName}
            autoComplete="family-name"
            value={form.lastName}
            onChange={fieldChanged}
          />
        </div>
        <TextField
          label="Email address"
          type="email"
          name="emailAddress"
          error={errors.emailAddress}
          autoComplete="email"
          value={form.emailAddress}
          onChange={fieldChanged}
        />
        <TextField
          label="Username"
          name="username"
          error={errors.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="Letters, digits, dots, dashes and underscores, with at least one letter."
          value={form.username}
          onChange={fieldChanged}
        />
        <PasswordField
          label="Password"
          name="password"
          error={errors.password}
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          value={form.password}
          onChange={fieldChanged}
        />
        <PasswordField
          label="Confirm password"
          name="rePassword"
          error={errors.rePassword}
          autoComplete="new-password"
          value={form.rePassword}
          onChange={fieldChanged}
        />
        <p className="auth-form__notice">
          People who use our service may have uploaded your contact information. By clicking Sign Up, you
          agree to our Terms, Privacy Policy and Cookies Policy. You may receive SMS notifications from us
          and can opt out at any time.
        </p>
        <SubmitButton busy={busy} busyText="Signing up…">
          Sign Up
        </SubmitButton>
      </form>
      <hr className="auth-page__divider" />
      <p className="auth-page__switch">
        Already have an account?{' '}
        <Link to={paths.login} state={location.state}>
          Log in
        </Link>
      </p>
    </AuthPage>
  );
}
