import type { TemplateId } from '../config.ts';
import type { Offer } from '../offer.ts';

// One low-friction question per email, always with the meeting's length ({minutes}). The first
// email and the second draw from pools of their own, so no ask repeats within a sequence, and
// each pool holds at least five questions without {pain} (a long pain leaves those out), so one
// question rarely lands in more than a fifth of a campaign's emails.
const PLAIN_FIRST = [
  'Open to a {minutes}-minute call to see if we could take {pain} off your plate?',
  'Worth {minutes} minutes next week to see how this would work at {company}?',
  'Would a {minutes}-minute call next week be useful, or is the timing off?',
  'If I sent over a {minutes}-minute slot next week, would you take a look?',
  'Is a {minutes}-minute call worth it to see if this fits how {company} works?',
  'Could I show you how it works in {minutes} minutes one day next week?',
  'Would {minutes} minutes next week be a good use of your time, {firstName}?',
];
const PLAIN_SECOND = [
  'Could we grab {minutes} minutes to compare notes on {pain}?',
  'Would {minutes} minutes be enough to see whether this fits {company}?',
  'Do you have {minutes} minutes next week for a quick look?',
  "Any chance you'd have {minutes} minutes for this next week, {firstName}?",
  'Is a {minutes}-minute call next week worth a try?',
  'Would it help to walk through this together for {minutes} minutes?',
  'Should we find {minutes} minutes to see what this could do for {company}?',
];
const FORMAL_FIRST = [
  'Would you be open to a {minutes}-minute call to discuss {pain}?',
  'Could we find {minutes} minutes next week to see whether this fits {company}?',
  'Would a {minutes}-minute conversation next week be of interest?',
  'Might a {minutes}-minute call be a useful way to see whether this suits {company}?',
  'Would you have {minutes} minutes in the coming days for a short introduction?',
  'May I suggest a {minutes}-minute call next week to show you how it works?',
];
const FORMAL_SECOND = [
  'Would you have {minutes} minutes next week to explore this?',
  'Might {minutes} minutes next week be worthwhile for {company}?',
  'Would a brief {minutes}-minute call be helpful, {firstName}?',
  'Could I take {minutes} minutes of your time next week to walk you through it?',
  'Would it be useful to set aside {minutes} minutes to discuss this further?',
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
  'Would {minutes} minutes be worth it for {company}, or shall I close the file?',
  'Is this worth {minutes} minutes for you, {firstName}, or is now not the time?',
  'Would one last {minutes}-minute call make sense, or is the timing wrong?',
];

/** The questions a step may close with. Follow-ups skip the first email's pool so no ask repeats. */
export function askLines(step: 1 | 2 | 3, template: TemplateId, tone: Offer['tone']): string[] {
  if (step === 3) return LAST;
  if (step === 2) return tone === 'formal' ? FORMAL_SECOND : PLAIN_SECOND;
  return [...(tone === 'formal' ? FORMAL_FIRST : PLAIN_FIRST), ...BY_TEMPLATE[template]];
}

/** Every ask, for the templates screen. */
export function allAskLines(template: TemplateId): string[] {
  return [...BY_TEMPLATE[template], ...PLAIN_FIRST, ...PLAIN_SECOND, ...FORMAL_FIRST, ...FORMAL_SECOND, ...LAST];
}

/** The ask with the booking link after it, when the offer has one: the question stays the only one. */
export function withBookingLink(ask: string, offer: Offer): string {
  const link = offer.callToAction.bookingLink;
  return link ? `${ask} If it is easier, pick a time at ${link}` : ask;
}
