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

/** What is sent: only username, password, first and last name (spec 3); the email stays here. */
export function signupPayload(form: SignupForm): SignupPayload {
  return {
    username: form.username.trim(),
    password: form.password,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
  };
}
