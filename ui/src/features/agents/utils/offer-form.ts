import type { Offer, StoredOffer } from '../api/offer-api.ts';

/** A value-proposition row of the form; `id` keeps React's rows apart while rows come and go. */
export interface ValuePropRow {
  id: number;
  pain: string;
  value: string;
}
/** A proof-point row of the form. */
export interface ProofPointRow {
  id: number;
  text: string;
  customer: string;
  result: string;
}
/** The Company & offer form as typed: strings throughout, lists as comma-separated text, so nothing typed is lost on an error. */
export interface OfferForm {
  companyName: string;
  website: string;
  oneLiner: string;
  valueProps: ValuePropRow[];
  proofPoints: ProofPointRow[];
  titles: string;
  seniority: string;
  tone: Offer['tone'];
  meetingMinutes: string;
  bookingLink: string;
  senderName: string;
  senderTitle: string;
}
/** What is wrong, keyed by the API's field path (`website`, `valueProps.1.pain`), so the API's own 400s land on the same fields. */
export type OfferErrors = Record<string, string>;

/** The schema's limits (OfferSchema in @meetflow/plugin-sdk/contracts/offer). */
export const OFFER_LIMITS = {
  valueProps: { min: 2, max: 5 },
  proofPoints: { max: 10 },
  titles: { max: 20, length: 80 },
  seniority: { max: 10, length: 40 },
  meetingMinutes: { min: 5, max: 120 },
} as const;

/** A blank value-proposition row. */
export const blankValueProp = (id: number): ValuePropRow => ({ id, pain: '', value: '' });
/** A blank proof-point row. */
export const blankProofPoint = (id: number): ProofPointRow => ({ id, text: '', customer: '', result: '' });
/** The id for a row added after `rows`: one past the largest, so ids stay stable across renders. */
export const nextRowId = (rows: ReadonlyArray<{ id: number }>): number => rows.reduce((max, row) => Math.max(max, row.id + 1), 0);

/** The form of a workspace with no offer yet: the two value propositions the schema requires, a 30-minute call, plain tone. */
export function emptyOfferForm(): OfferForm {
  return {
    companyName: '',
    website: '',
    oneLiner: '',
    valueProps: [blankValueProp(0), blankValueProp(1)],
    proofPoints: [],
    titles: '',
    seniority: '',
    tone: 'plain',
    meetingMinutes: '30',
    bookingLink: '',
    senderName: '',
    senderTitle: '',
  };
}

/** The saved offer as the form shows it; the empty form when there is none. */
export function toOfferForm(offer: StoredOffer | null): OfferForm {
  if (!offer) return emptyOfferForm();
  return {
    companyName: offer.companyName,
    website: offer.website ?? '',
    oneLiner: offer.oneLiner,
    valueProps: offer.valueProps.map((prop, id) => ({ id, ...prop })),
    proofPoints: offer.proofPoints.map((proof, id) => ({
      id,
      text: proof.text,
      customer: proof.customer ?? '',
      result: proof.result ?? '',
    })),
    titles: offer.personas.titles.join(', '),
    seniority: (offer.personas.seniority ?? []).join(', '),
    tone: offer.tone,
    meetingMinutes: String(offer.callToAction.meetingMinutes),
    bookingLink: offer.callToAction.bookingLink ?? '',
    senderName: offer.senderName,
    senderTitle: offer.senderTitle ?? '',
  };
}

/** "VP Sales, Head of RevOps\nCRO" → the trimmed items, blanks and repeats (in any case) left out. */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter((item) => {
      const key = item.toLowerCase();
      if (!item || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Why a web address will not do, or null when it is a full http(s) address. */
export function webAddressError(value: string): string | null {
  const address = value.trim();
  const parsed = (candidate: string) => {
    try {
      const url = new URL(candidate);
      return /^https?:$/.test(url.protocol) && url.hostname.includes('.') && !/\s/.test(candidate) ? url : null;
    } catch {
      return null;
    }
  };
  if (parsed(address)) return null;
  if (!/^[a-z]+:/i.test(address) && parsed(`https://${address}`)) return `Start the address with https://, as in https://${address}`;
  return 'Enter a full web address, like https://acme.com';
}

/** A typed text as it is sent: runs of spaces and line breaks (pasted ones) as one space, trimmed. */
const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim();

/** Why a typed text will not do: blank when required, or longer than the schema allows; null when it is fine. */
function textError(value: string, max: number, missing: string | null): string | null {
  const text = oneLine(value);
  if (!text) return missing;
  return text.length > max ? `At most ${max} characters (now ${text.length})` : null;
}

/** Why a typed list will not do: too many items, or one too long. */
function listError(items: readonly string[], { max, length }: { max: number; length: number }, what: string): string | null {
  if (items.length > max) return `At most ${max} ${what} (now ${items.length})`;
  const long = items.find((item) => item.length > length);
  return long ? `Each of the ${what} at most ${length} characters: "${long.slice(0, 24)}…" is longer` : null;
}

/** Every problem with the form, checked as the API's OfferSchema checks it, worded for the person typing. */
export function offerErrors(form: OfferForm): OfferErrors {
  const errors: Record<string, string | null> = {
    companyName: textError(form.companyName, 120, "Enter your company's name"),
    website: form.website.trim() ? webAddressError(form.website) : null,
    oneLiner: textError(form.oneLiner, 200, 'Say in one line what you sell'),
    senderName: textError(form.senderName, 120, 'Enter the name your emails are signed with'),
    senderTitle: textError(form.senderTitle, 120, null),
    'personas.titles': listError(splitList(form.titles), OFFER_LIMITS.titles, 'titles'),
    'personas.seniority': listError(splitList(form.seniority), OFFER_LIMITS.seniority, 'seniority levels'),
    'callToAction.bookingLink': form.bookingLink.trim() ? webAddressError(form.bookingLink) : null,
  };
  const { min, max } = OFFER_LIMITS.meetingMinutes;
  const minutes = form.meetingMinutes.trim();
  if (!/^\d+$/.test(minutes) || Number(minutes) < min || Number(minutes) > max)
    errors['callToAction.meetingMinutes'] = `A whole number of minutes from ${min} to ${max}`;
  const props = OFFER_LIMITS.valueProps;
  if (form.valueProps.length < props.min || form.valueProps.length > props.max)
    errors.valueProps = `Between ${props.min} and ${props.max} value propositions (now ${form.valueProps.length})`;
  form.valueProps.forEach((prop, index) => {
    errors[`valueProps.${index}.pain`] = textError(prop.pain, 120, "Name the buyer's problem");
    errors[`valueProps.${index}.value`] = textError(prop.value, 200, 'Say what changes for them');
  });
  if (form.proofPoints.length > OFFER_LIMITS.proofPoints.max)
    errors.proofPoints = `At most ${OFFER_LIMITS.proofPoints.max} proof points (now ${form.proofPoints.length})`;
  form.proofPoints.forEach((proof, index) => {
    errors[`proofPoints.${index}.text`] = textError(proof.text, 240, 'Write the proof point, or remove this row');
    errors[`proofPoints.${index}.customer`] = textError(proof.customer, 120, null);
    errors[`proofPoints.${index}.result`] = textError(proof.result, 120, null);
  });
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== null));
}

/** A text as it is sent, or nothing when blank (the schema's optional fields refuse empty strings). */
const optional = (value: string): string | undefined => oneLine(value) || undefined;
/** `object` without its undefined properties, so the JSON sent holds only what was typed. */
const defined = <T extends object>(object: T): T =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;

/** The offer PUT /api/offer receives, each text on one line and trimmed, blanks of optional fields left out; call only when {@link offerErrors} finds none. */
export function toOffer(form: OfferForm): Offer {
  const seniority = splitList(form.seniority);
  return defined<Offer>({
    companyName: oneLine(form.companyName),
    website: optional(form.website),
    oneLiner: oneLine(form.oneLiner),
    valueProps: form.valueProps.map((prop) => ({ pain: oneLine(prop.pain), value: oneLine(prop.value) })),
    proofPoints: form.proofPoints.map((proof) =>
      defined({ text: oneLine(proof.text), customer: optional(proof.customer), result: optional(proof.result) }),
    ),
    personas: defined({ titles: splitList(form.titles), seniority: seniority.length > 0 ? seniority : undefined }),
    tone: form.tone,
    callToAction: defined({ meetingMinutes: Number(form.meetingMinutes.trim()), bookingLink: optional(form.bookingLink) }),
    senderName: oneLine(form.senderName),
    senderTitle: optional(form.senderTitle),
  });
}

/** The form's values without the rows' ids: what decides whether anything changed. */
const comparable = (form: OfferForm) => ({
  ...form,
  valueProps: form.valueProps.map(({ pain, value }) => ({ pain, value })),
  proofPoints: form.proofPoints.map(({ text, customer, result }) => ({ text, customer, result })),
});

/** True when the two forms hold the same values (rows compared in order, ids ignored). */
export function sameOfferForm(a: OfferForm, b: OfferForm): boolean {
  return JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));
}

/** Where the API's 400 names a field: the form's key for it (a list's item is the list's field), or null when the form has no such field. */
export function formFieldOf(path: string): string | null {
  const list = /^personas\.(titles|seniority)(\.\d+)?$/.exec(path);
  if (list) return `personas.${list[1]}`;
  const known =
    /^(companyName|website|oneLiner|senderName|senderTitle|valueProps|proofPoints|callToAction\.(meetingMinutes|bookingLink)|valueProps\.\d+\.(pain|value)|proofPoints\.\d+\.(text|customer|result))$/;
  return known.test(path) ? path : null;
}

/** Sorts the API's named fields onto the form; `unplaced` when one of them has no field to show it under. */
export function placeApiErrors(fields: Record<string, string>): { errors: OfferErrors; unplaced: boolean } {
  const errors: OfferErrors = {};
  let unplaced = false;
  for (const [path, message] of Object.entries(fields)) {
    const field = formFieldOf(path);
    if (field) errors[field] ??= message;
    else unplaced = true;
  }
  return { errors, unplaced };
}
