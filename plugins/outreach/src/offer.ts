import type { Offer } from '@meetflow/plugin-sdk/contracts/offer';

// The offer's shape is the SDK's contract (the platform stores and validates it); this module
// reads it the way the copywriter needs.
export {
  OfferSchema,
  ProofPointSchema,
  ValuePropSchema,
  type Offer,
  type OfferInput,
  type ProofPoint,
  type ValueProp,
} from '@meetflow/plugin-sdk/contracts/offer';

/** Every sentence the offer holds: what the copy may claim about the sender, and nothing more. */
export function offerText(offer: Offer): string {
  return [
    offer.companyName,
    offer.website ?? '',
    offer.oneLiner,
    ...offer.valueProps.flatMap((prop) => [prop.pain, prop.value]),
    ...offer.proofPoints.flatMap((proof) => [proof.text, proof.customer ?? '', proof.result ?? '']),
    ...offer.personas.titles,
    ...(offer.personas.seniority ?? []),
    `${offer.callToAction.meetingMinutes} minutes`,
    offer.callToAction.bookingLink ?? '',
    offer.senderName,
    offer.senderTitle ?? '',
  ].join('\n');
}

/**
 * The sign-off's name lines: the mailbox's own signature when given, else the sender's name
 * (and title) over the company. A part equal to one before it is left out, so a workspace named
 * like its sender never signs "Acme, Acme".
 */
export function signatureLines(offer: Offer, signature?: string): string[] {
  if (signature?.trim())
    return signature
      .trim()
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
  const seen = new Set<string>();
  const fresh = (part: string | undefined) => {
    const key = part?.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const nameLine = [offer.senderName, offer.senderTitle].filter(fresh).map((part) => part!.trim());
  const companyLine = fresh(offer.companyName) ? [offer.companyName.trim()] : [];
  return [nameLine.join(', '), ...companyLine].filter(Boolean);
}
