import { MESSAGES, MIN_PASSWORD_LENGTH, type SignupForm, type SignupPayload, USERNAME_PATTERN } from '@chirp/contracts';

export const emptySignupForm: SignupForm = {
  firstName: '',
  lastName: '',
  emailAddress: '',
  username: '',
  password: '',
  rePassword: '',
};

/** The fields in the order the form shows them: the first empty one gets the focus. */
const FIELD_ORDER: (keyof SignupForm)[] = ['firstName', 'lastName', 'emailAddress', 'username', 'password', 'rePassword'];

export interface SignupProblem {
  message: string;
  /** The field to fix first. */
  field: keyof SignupForm;
}

/** The first problem of the form, checked in the spec's order (section 5), or null when it may be sent. */
export function signupProblem(form: SignupForm): SignupProblem | null {
  const emptyField = FIELD_ORDER.find((field) => !form[field].trim());
  if (emptyField) return { message: MESSAGES.enterAllFields, field: emptyField };
  if (form.password.length < MIN_PASSWORD_LENGTH) return { message: MESSAGES.passwordTooShort, field: 'password' };
  if (form.password !== form.rePassword) return { message: MESSAGES.passwordsDiffer, field: 'rePassword' };
  // After the spec's three checks, in their order: the back ends refuse such a name with the same text.
  if (!USERNAME_PATTERN.test(form.username.trim())) return { message: MESSAGES.usernameRule, field: 'username' };
  return null;
}

export type SignupFieldErrors = Partial<Record<keyof SignupForm, string>>;

/** What an empty field says under itself (the toast says the spec's one text for them all). */
const EMPTY_FIELD_TEXTS: Record<keyof SignupForm, string> = {
  firstName: 'Enter your first name.',
  lastName: 'Enter your last name.',
  emailAddress: 'Enter your email address.',
  username: 'Choose a username.',
  password: 'Choose a password.',
  rePassword: 'Enter the password again.',
};

/**
 * Every problem of the form at once, each for the field it concerns, so the person sees all of them
 * beside the fields (the toast names the first, in the spec's order: `signupProblem`).
 */
export function signupFieldErrors(form: SignupForm): SignupFieldErrors {
  const errors: SignupFieldErrors = {};
  for (const field of FIELD_ORDER) if (!form[field].trim()) errors[field] = EMPTY_FIELD_TEXTS[field];
  if (!errors.password && form.password.length < MIN_PASSWORD_LENGTH) errors.password = MESSAGES.passwordTooShort;
  if (!errors.rePassword && form.password !== form.rePassword) errors.rePassword = MESSAGES.passwordsDiffer;
  if (!errors.username && !USERNAME_PATTERN.test(form.username.trim())) errors.username = MESSAGES.usernameRule;
  return errors;
}

/** What is sent: only username, password, first and last name (spec 3); the email stays here. */
export function signupPayload(form: SignupForm): SignupPayload {
  return {
    username: form.username.trim(),
    password: form.password,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
  };
}
