/** Who a referral points to; either part may be missing from the reply. */
export interface ReferralContact {
  name: string | null;
  email: string | null;
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
// Words after which the referred person's name follows, skipping lower-case filler ("my colleague").
const HANDOFF =
  /\b(?:reach out to|get in touch with|contact|talk to|speak (?:to|with)|connect with|cc(?:'|’)?d|copied|copying|looped in|looping in|forwarded this to|passing this (?:on )?to|person (?:to (?:talk|speak) (?:to|with) )?(?:is|would be|will be)|contact (?:is|would be))\s+/gi;
const NAME = /\b[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?/g;
const NAME_BEFORE_EMAIL = /([A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?)\s*[(<[]?\s*(?:at\s+|:\s*)?$/;
// Capitalised words that are never a referred person's name: pronouns, job titles, departments.
const NOT_NAMES = new Set([
  'I',
  'We',
  'He',
  'She',
  'They',
  'Him',
  'Her',
  'His',
  'Them',
  'Our',
  'My',
  'The',
  'Please',
  'Thanks',
  'Head',
  'Director',
  'Chief',
  'Manager',
  'Lead',
  'Founder',
  'Co-founder',
  'President',
  'Vice',
  'Officer',
  'Team',
  'Sales',
  'Marketing',
  'Revenue',
  'Growth',
  'Operations',
  'Ops',
  'Partnerships',
  'Procurement',
  'Finance',
  'Email',
]);

function isName(candidate: string, textBefore: string): boolean {
  // "Head of Revenue": the word after "of" belongs to a title.
  return !/\bof\s+$/.test(textBefore) && candidate.split(/\s+/).every((word) => !NOT_NAMES.has(word));
}

function nameAfterHandoff(sentence: string): string | null {
  for (const handoff of sentence.matchAll(HANDOFF)) {
    const rest = sentence.slice((handoff.index ?? 0) + handoff[0].length).split(EMAIL)[0] ?? '';
    for (const candidate of rest.matchAll(NAME)) {
      if (isName(candidate[0], rest.slice(0, candidate.index))) return candidate[0];
    }
  }
  return null;
}

function nameBeforeEmail(sentence: string, email: string): string | null {
  const candidate = NAME_BEFORE_EMAIL.exec(sentence.slice(0, sentence.indexOf(email)))?.[1];
  return candidate && isName(candidate, '') ? candidate : null;
}

/**
 * The person a referral sentence points to: an email address in that sentence or the next
 * one ("Her email is …"), and a capitalised name after the hand-off words or right before
 * the address. Nothing is guessed: an address alone gives no name.
 */
export function referralContact(sentence: string, nextSentence = ''): ReferralContact {
  const email = EMAIL.exec(sentence)?.[0] ?? EMAIL.exec(nextSentence)?.[0] ?? null;
  const name = nameAfterHandoff(sentence) ?? (email && sentence.includes(email) ? nameBeforeEmail(sentence, email) : null);
  return { name, email: email ? email.toLowerCase() : null };
}
