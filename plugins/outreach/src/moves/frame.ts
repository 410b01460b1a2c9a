import type { TemplateId } from '../config.ts';
import type { Offer } from '../offer.ts';

/** The salutation, by tone. */
export function greetings(tone: Offer['tone']): string[] {
  return tone === 'formal' ? ['Dear {firstName},', 'Hello {firstName},'] : ['Hi {firstName},', 'Hey {firstName},'];
}

/** The closing word before the signature, by tone. */
export function closings(tone: Offer['tone']): string[] {
  return tone === 'formal' ? ['Kind regards,', 'Best regards,'] : ['Best,', 'Thanks,', 'Cheers,'];
}

// Follow-ups point back to what the first email said: its fact ({topic}) when it had one, else
// the pain it raised ({firstPain}, as a noun phrase; a frame needing it is passed over without one).
const BACK_TO_FACT: Record<2 | 3, string[]> = {
  2: [
    'Following up on my note about {topic}.',
    'A quick follow-up on my email about {topic}.',
    'Circling back on {topic}, with one more thought.',
    'Back to my note about {topic}, with one more idea.',
  ],
  3: [
    "One last note on {topic}, then I'll leave it there.",
    'Closing the loop on my emails about {topic}.',
    'A final thought on {topic} before I step back.',
  ],
};
const BACK: Record<2 | 3, string[]> = {
  2: [
    'Following up on my note from last week.',
    'A quick follow-up on my last email.',
    'Circling back with one more thought.',
    'Following up on my note about {firstPain}.',
    'A quick follow-up on {firstPain}, which I wrote about last week.',
  ],
  3: [
    "One last note from me, then I'll leave it there.",
    'Closing the loop on my earlier emails.',
    'One last note on {firstPain} before I step back.',
  ],
};

/** The follow-up's first line, pointing back to the first email. */
export function followUpLines(step: 2 | 3, withTopic: boolean): string[] {
  return (withTopic ? BACK_TO_FACT : BACK)[step];
}

// Subjects without a fact: names only. A fact's own subjects come first when there is one.
const SUBJECTS: Record<TemplateId, string[]> = {
  'roi-focused': ['Time back for {company}', 'A question about {company}', 'Quick question, {firstName}'],
  'pain-point': ['A question about {company}', 'An idea for {company}', 'Quick question, {firstName}'],
  'value-prop': ['{seller} for {company}', 'An idea for {company}', 'For the team at {company}'],
};
const LAST_SUBJECTS = ['One last note, {firstName}', 'Closing the loop, {firstName}', 'Before I let this go'];

/** Subjects for a step without a fact of its own (the last email always uses these). */
export function genericSubjects(step: 1 | 2 | 3, template: TemplateId): string[] {
  return step === 3 ? LAST_SUBJECTS : SUBJECTS[template];
}
