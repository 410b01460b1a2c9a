import { describe, expect, it } from 'vitest';
import { newReplyText } from './reply-text.ts';

// History that email-reply-parser alone leaves in place: no blank line before the header, no '>' after it.
describe('newReplyText', () => {
  it.each([
    [
      'an original-message line right under the text',
      'Not now.\nAlan\n-----Original Message-----\nFrom: Alex Morgan <alex@brightline.test>\nSent: Tuesday\n\nHi Alan?',
      'Not now.\nAlan',
    ],
    [
      "an Outlook From/Sent block naming the sender without an address (Exchange's form)",
      'Not now.\n\nFrom: Morgan, Alex\nSent: Tuesday, November 3, 2026 9:12 AM\nTo: Turing, Alan\nSubject: Q\n\nHi Alan?',
      'Not now.',
    ],
    [
      'a Gmail quote header followed by unquoted history',
      'Yes.\nOn Tue, 3 Nov 2026 at 09:12, Alex Morgan <alex@brightline.test> wrote:\nShall I send the deck?',
      'Yes.',
    ],
    [
      'a forwarded message block',
      'FYI, see below.\n\n---------- Forwarded message ---------\nFrom: Bob <bob@acme.test>\nDate: Mon, 2 Nov 2026\n\nOld text',
      'FYI, see below.',
    ],
  ])('cuts %s', (_, text, expected) => {
    expect(newReplyText(text)).toBe(expected);
  });

  it('keeps a line that starts with "On" but is no quote header', () => {
    expect(newReplyText('On Monday I can do 3pm.\nFrom: our side, Ada and Bob will join.\r\nThanks')).toBe(
      'On Monday I can do 3pm.\nFrom: our side, Ada and Bob will join.\nThanks',
    );
  });
});
