import type { SystemMessage } from '../../../core/system-mail.ts';

// The account emails. Their links carry the token in the fragment (`#token=`), which browsers
// never send to a server: it stays out of access logs and Referer headers. The UI page reads it.

/** The subject of both answers to a sign-up, so the two look alike in a list of emails. */
const SIGN_UP_SUBJECT = 'Confirm your email address for Meetflow';

/** The email after a sign-up with a new address: the verification link (24 hours, once). */
export function verificationEmail(publicUrl: string, to: string, name: string, token: string): SystemMessage {
  return {
    to,
    subject: SIGN_UP_SUBJECT,
    text: [
      `Hello ${name},`,
      '',
      'Confirm that this address is yours by opening this link (it works once, for 24 hours):',
      '',
      `${publicUrl}/verify-email#token=${token}`,
      '',
      'You can use Meetflow meanwhile; an invitation sent to this address can be accepted once it is confirmed.',
      'If you did not create a Meetflow account, ignore this email: nothing happens without the link.',
    ].join('\n'),
  };
}

/** The email after a sign-up with an address that already has an account: no new account, a way back into the old one. */
export function alreadyRegisteredEmail(publicUrl: string, to: string): SystemMessage {
  return {
    to,
    subject: SIGN_UP_SUBJECT,
    text: [
      'Hello,',
      '',
      'Someone, perhaps you, tried to create a Meetflow account with this address, but you already have an account: no second one was made.',
      '',
      `Sign in: ${publicUrl}/signin`,
      `Forgot your password? Set a new one: ${publicUrl}/forgot-password`,
      '',
      'If it was not you, ignore this email: nothing about your account has changed.',
    ].join('\n'),
  };
}

/** The password-reset email: the link (30 minutes, once). */
export function passwordResetEmail(publicUrl: string, to: string, token: string): SystemMessage {
  return {
    to,
    subject: 'Reset your Meetflow password',
    text: [
      'Hello,',
      '',
      'To set a new password for your Meetflow account, open this link (it works once, for 30 minutes):',
      '',
      `${publicUrl}/reset-password#token=${token}`,
      '',
      'Setting it signs you out everywhere. If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}
