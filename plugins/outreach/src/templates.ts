import type { TemplateId } from './config.ts';

/**
 * The copy of one template. Slots: {firstName} {company} {companys} {jobTitle} (the prospect, from the input),
 * {senderName} {senderCompany} {valueProposition} (the sender). Nothing here may describe the
 * prospect's company: only researched facts do that, in personal lines.
 */
export interface TemplateCopy {
  subjects: string[];
  /** The sender's offer, after the personal lines. */
  valueLines: string[];
  /** The closing question or call to action. */
  asks: string[];
}

export const TEMPLATES: Record<TemplateId, TemplateCopy> = {
  'roi-focused': {
    subjects: ['A quick return-on-time question, {firstName}', '{company} + {senderCompany}: worth the numbers?', 'Numbers for {company}'],
    valueLines: [
      'Here is what {senderCompany} is built to deliver: {valueProposition}.',
      'The short version of what {senderCompany} offers: {valueProposition}.',
    ],
    asks: [
      'Would 15 minutes be worth it to work out what that could return for {company}?',
      'Open to a short call to run the numbers for {company}?',
    ],
  },
  'pain-point': {
    subjects: ['A question about {company}, {firstName}', 'Worth solving at {company}?', 'An idea for {company}'],
    valueLines: [
      '{senderCompany} was built around one problem: {valueProposition}.',
      'At {senderCompany}, our focus is simple: {valueProposition}.',
    ],
    asks: [
      'Is this something you look after as {jobTitle}, or is someone else better to talk to?',
      'Worth a short call to see whether this fits {company}?',
    ],
  },
  'value-prop': {
    subjects: ['{senderCompany} for {company}', 'For the team at {company}, {firstName}', 'One idea, {firstName}'],
    valueLines: [
      'In one line, here is what {senderCompany} does: {valueProposition}.',
      '{senderCompany} exists for one thing: {valueProposition}.',
    ],
    asks: ['Would a short intro call next week make sense?', 'If this is relevant for {company}, is a 15-minute call next week possible?'],
  },
};

/** Greetings, openers of follow-ups and sign-offs, shared by the templates. */
export const GREETINGS = ['Hi {firstName},', 'Hello {firstName},'];
export const FOLLOW_UP_OPENERS: Record<2 | 3, string[]> = {
  2: ['Following up on my earlier note.', 'A quick follow-up to my last email.'],
  3: ['One last note from me on this.', 'Closing the loop on my earlier emails.'],
};
export const SIGN_OFFS = ['Best,\n{senderName}, {senderCompany}', 'Thanks,\n{senderName}, {senderCompany}'];
