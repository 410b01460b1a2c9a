import { TEMPLATE_IDS, type TemplateId } from './config.ts';
import { allAskLines } from './moves/ask.ts';
import { genericSubjects } from './moves/frame.ts';
import { allOfferLines } from './moves/offer-line.ts';

/**
 * The copy of one template as the templates screen shows it. Slots: {firstName} {company}
 * (the prospect), {seller} {oneLiner} {value} {pain} {minutes} (the offer). The emails also
 * open with a line about a researched fact, which no template can show.
 */
export interface TemplateCopy {
  subjects: string[];
  /** How the offer is said. */
  valueLines: string[];
  /** The closing question. */
  asks: string[];
}

/** Each template's phrasings, from the writer's own moves. */
export const TEMPLATES = Object.fromEntries(
  TEMPLATE_IDS.map((id) => [id, { subjects: genericSubjects(1, id), valueLines: allOfferLines(id), asks: allAskLines(id) }]),
) as Record<TemplateId, TemplateCopy>;
