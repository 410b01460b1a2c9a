import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { formErrors, NO_ERRORS, retryAtText } from './form-errors.ts';

const SIGN_UP_FIELDS = ['name', 'email', 'password', 'workspaceName'];

describe('formErrors', () => {
  it('shows nothing before a failed submit', () => {
    expect(formErrors(null, SIGN_UP_FIELDS)).toEqual(NO_ERRORS);
  });

  it('puts each field the API named under that field, and nothing above the button', () => {
    const error = new ApiError(400, 'Invalid request: …', {
      email: 'must be an email address',
      password: 'must be at least 10 characters',
    });
    expect(formErrors(error, SIGN_UP_FIELDS)).toEqual({
      fields: { email: 'must be an email address', password: 'must be at least 10 characters' },
      alert: null,
      retryAfterSeconds: null,
    });
  });

  it("shows the API's words above the button when a named field is not on the form", () => {
    const error = new ApiError(400, 'Invalid request: (body): expected an object', { '(body)': 'expected an object' });
    expect(formErrors(error, SIGN_UP_FIELDS)).toMatchObject({ fields: {}, alert: 'Invalid request: (body): expected an object' });
  });

  it('puts a taken email on the email field', () => {
    const error = new ApiError(409, 'An account with this email already exists: sign in instead.');
    expect(formErrors(error, SIGN_UP_FIELDS)).toMatchObject({
      fields: { email: 'An account with this email already exists: sign in instead.' },
      alert: null,
    });
  });

  it('shows a wrong password and too many attempts as the API says them, with when to retry', () => {
    expect(formErrors(new ApiError(401, 'The email or password is wrong.'), ['email', 'password'])).toEqual({
      fields: {},
      alert: 'The email or password is wrong.',
      retryAfterSeconds: null,
    });
    const limited = new ApiError(429, 'Too many failed sign-in attempts. Try again in 15 minutes.', {}, 900);
    expect(formErrors(limited, ['email', 'password'])).toEqual({
      fields: {},
      alert: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      retryAfterSeconds: 900,
    });
  });

  it('says the API could not be reached when the request itself failed', () => {
    expect(formErrors(new TypeError('Failed to fetch'), SIGN_UP_FIELDS).alert).toMatch(/could not be reached/);
  });
});

describe('retryAtText', () => {
  it('names the time the wait ends', () => {
    expect(retryAtText(900, new Date(2025, 2, 12, 14, 17, 30))).toBe('Sign-in opens again at 2:32 PM.');
  });
});
