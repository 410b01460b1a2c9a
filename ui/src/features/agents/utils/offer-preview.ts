import type { OfferForm } from './offer-form.ts';

/** The one-liner as the copy uses it: no closing full stop, no repeated company name, a plain first word in lower case. */
function oneLinerInCopy(oneLiner: string, companyName: string): string {
  let phrase = oneLiner.trim().replace(/[.。]+$/, '');
  if (companyName && phrase.toLowerCase().startsWith(`${companyName.toLowerCase()} `)) phrase = phrase.slice(companyName.length).trim();
  return phrase.replace(/^[A-Z][a-z]+(?=\s|$)/, (word) => word.toLowerCase());
}

/** How the emails will refer to the sender, as the copywriter writes it. */
export interface OfferPreview {
  /** "<company> <one-liner>." */
  pitch: string;
  /** The sign-off's first word, by tone: "Best," or "Kind regards,". */
  closing: string;
  /** "<name>, <title>" then "<company>"; a line equal to the one before it is left out. */
  signOff: string[];
}

/** The preview of the form's values, with stand-ins for what is not typed yet. */
export function offerPreview(form: OfferForm): OfferPreview {
  const company = form.companyName.trim();
  const name = form.senderName.trim() || 'Your name';
  const title = form.senderTitle.trim();
  const pitch = `${company || 'Your company'} ${oneLinerInCopy(form.oneLiner, company) || '… what you sell, in one line'}.`;
  const nameLine = title && title.toLowerCase() !== name.toLowerCase() ? `${name}, ${title}` : name;
  const companyLine = company || 'Your company';
  return {
    pitch,
    closing: form.tone === 'formal' ? 'Kind regards,' : 'Best,',
    signOff: companyLine.toLowerCase() === name.toLowerCase() ? [nameLine] : [nameLine, companyLine],
  };
}
