import { describe, expect, it } from 'vitest';
import { replyText, sentences } from './reply-text.ts';

describe('replyText', () => {
  it('drops the Gmail quote header, even wrapped over two lines, and everything below it', () => {
    const body = 'Sounds good.\n\nOn Tue, Nov 17, 2026 at 10:02 AM Sam Lee <\nsam@meetflow.io> wrote:\n> Reply unsubscribe to stop.';
    expect(replyText(body)).toBe('Sounds good.');
  });

  it('drops an Outlook header block and an original-message separator', () => {
    expect(replyText('Yes please.\r\n\r\nFrom: Sam Lee\r\nSent: Tuesday\r\nSubject: Hi')).toBe('Yes please.');
    expect(replyText('Call me.\n-----Original Message-----\nremove me')).toBe('Call me.');
  });

  it('keeps inline answers but drops the quoted lines between them', () => {
    expect(replyText('> Worth a chat?\nYes.\n> Tuesday?\nWednesday is better.')).toBe('Yes.\nWednesday is better.');
  });

  it('cuts the signature at a sign-off line or a "--" delimiter, but keeps a lone "Thanks!"', () => {
    expect(replyText('Send times.\n\nBest,\nLaura Gomez\nTo unsubscribe, click here')).toBe('Send times.');
    expect(replyText('Send times.\n-- \nLaura | unsubscribe')).toBe('Send times.');
    expect(replyText('Sent from my iPhone')).toBe('');
    expect(replyText('Thanks!')).toBe('Thanks!');
  });
});

describe('sentences', () => {
  it('splits on sentence ends and line breaks but not inside an email address', () => {
    expect(sentences('Reach out to jo.doe@acme.io. She runs sales!\nThanks')).toEqual([
      'Reach out to jo.doe@acme.io.',
      'She runs sales!',
      'Thanks',
    ]);
  });
});
