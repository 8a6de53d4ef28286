import { MESSAGES } from '@chirp/contracts';
import { describe, expect, it } from 'vitest';
import { emptySignupForm, signupPayload, signupProblem } from './signup-checks';

const complete = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  emailAddress: 'ada@example.com',
  username: 'ada',
  password: 'engine-1843',
  rePassword: 'engine-1843',
};

describe('signupProblem', () => {
  it('accepts a complete form with matching passwords of 8 characters or more', () => {
    expect(signupProblem(complete)).toBeNull();
    expect(signupProblem({ ...complete, password: '12345678', rePassword: '12345678' })).toBeNull();
  });

  it.each(Object.keys(emptySignupForm) as (keyof typeof complete)[])(
    'asks for every field when %s is empty or blank, naming that field',
    (field) => {
      expect(signupProblem({ ...complete, [field]: '' })).toEqual({ message: ' Enter all fields to signup ', field });
      expect(signupProblem({ ...complete, [field]: '   ' })?.message).toBe(' Enter all fields to signup ');
    },
  );

  it('asks for a username with a letter, after the spec’s checks', () => {
    for (const username of ['.', '..', '-', '_', 'ada lovelace', '0', '123', '.1.']) {
      expect(signupProblem({ ...complete, username })).toEqual({ message: MESSAGES.usernameRule, field: 'username' });
    }
    expect(signupProblem({ ...complete, username: '.', password: 'short', rePassword: 'short' })?.message).toBe(
      MESSAGES.passwordTooShort,
    );
    expect(signupProblem({ ...complete, username: '_a.' })).toBeNull();
  });

  it('names the first empty field in the order the form shows them', () => {
    expect(signupProblem({ ...complete, username: '', lastName: '' })?.field).toBe('lastName');
  });

  it('checks empty fields before the password length, and the length before the match', () => {
    expect(signupProblem({ ...complete, password: 'short', rePassword: '' })?.message).toBe(
      ' Enter all fields to signup ',
    );
    expect(signupProblem({ ...complete, password: 'short', rePassword: 'other' })).toEqual({
      message: 'Password must be minimum 8 characters',
      field: 'password',
    });
    expect(signupProblem({ ...complete, password: '1234567', rePassword: '1234567' })?.message).toBe(
      'Password must be minimum 8 characters',
    );
    expect(signupProblem({ ...complete, rePassword: 'engine-1844' })).toEqual({
      message: 'Passwords do not match',
      field: 'rePassword',
    });
  });
});

describe('signupPayload', () => {
  it('sends only username, password, first and last name, trimmed except the password', () => {
    expect(
      signupPayload({ ...complete, firstName: ' Ada ', username: 'ada ', password: ' engine-1843' }),
    ).toStrictEqual({ username: 'ada', password: ' engine-1843', firstName: 'Ada', lastName: 'Lovelace' });
  });
});
