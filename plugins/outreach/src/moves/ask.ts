import type { TemplateId } from '../config.ts';
import type { Offer } from '../offer.ts';

// One low-friction question per email, always with the meeting's length ({minutes}).
const PLAIN = [
  'Open to a {minutes}-minute call to see if we could take {pain} off your plate?',
  'Worth {minutes} minutes next week to see how this would work at {company}?',
  'Would a {minutes}-minute call next week be useful, or is the timing off?',
  'If I sent over a {minutes}-minute slot next week, would you take a look?',
  'Could we grab {minutes} minutes to compare notes on {pain}?',
  'Would {minutes} minutes be enough to see whether this fits {company}?',
  'Do you have {minutes} minutes next week for a quick look?',
  "Any chance you'd have {minutes} minutes for this next week, {firstName}?",
];
const FORMAL = [
  'Would you be open to a {minutes}-minute call to discuss {pain}?',
  'Could we find {minutes} minutes next week to see whether this fits {company}?',
  'Would a {minutes}-minute conversation next week be of interest?',
  'Would you have {minutes} minutes next week to explore this?',
  'Might {minutes} minutes next week be worthwhile for {company}?',
];
const BY_TEMPLATE: Record<TemplateId, string[]> = {
  'roi-focused': ['Worth {minutes} minutes to put a number on what {pain} costs {company} today?'],
  'pain-point': ['Is {pain} on your list this quarter, and worth {minutes} minutes to talk through?'],
  'value-prop': ['Would a {minutes}-minute walkthrough next week be useful?'],
};
// The last email offers an easy way out as well as the call.
const LAST = [
  'If {pain} is on your list this year, is a {minutes}-minute call worth it?',
  'Should I leave it here, or would {minutes} minutes next week be worth it?',
  'Is it worth {minutes} minutes, or should I stop here?',
  'Would {minutes} minutes at some point this month make sense, or is this not a priority?',
];

/** The questions a step may close with. Follow-ups skip the first email's pool so no ask repeats. */
export function askLines(step: 1 | 2 | 3, template: TemplateId, tone: Offer['tone']): string[] {
  if (step === 3) return LAST;
  const pool = tone === 'formal' ? FORMAL : PLAIN;
  const half = Math.ceil(pool.length / 2);
  return [...(step === 1 ? pool.slice(0, half) : pool.slice(half)), ...(step === 1 ? BY_TEMPLATE[template] : [])];
}

/** Every ask, for the templates screen. */
export function allAskLines(template: TemplateId): string[] {
  return [...BY_TEMPLATE[template], ...PLAIN, ...FORMAL, ...LAST];
}

/** The ask with the booking link after it, when the offer has one: the question stays the only one. */
export function withBookingLink(ask: string, offer: Offer): string {
  const link = offer.callToAction.bookingLink;
  return link ? `${ask} If it is easier, pick a time at ${link}` : ask;
}
