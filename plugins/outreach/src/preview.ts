// What the offer form shows under a pain or a value as the user types it: a sentence the writer
// would put in an email, made by the writer's own code (the phrase read by its grammar, the
// writer's frames, the grammar gate). Pure and free of Node: the browser bundles it.
import { grammarProblems } from './grammar.ts';
import { NO_FACT_OPENERS } from './moves/bridge.ts';
import { SECOND } from './moves/offer-line.ts';
import { readPhrase, standalone, valuePropSlots } from './phrasing.ts';
import { fillSlots } from './variety.ts';

/** Which field of a value prop the sentence is for. */
export type PreviewField = 'pain' | 'value';

/**
 * A sentence an email would carry with the phrase: the first of the writer's frames for the field
 * that the phrase fits and the grammar gate passes; a clause no frame holds, as its own sentence;
 * null when the phrase is empty or the writer would leave it out of its emails.
 */
export function emailSentence(field: PreviewField, text: string, seller: string): string | null {
  if (!text.trim()) return null;
  const phrase = readPhrase(text);
  const slots = field === 'pain' ? valuePropSlots(text, '') : valuePropSlots('', text);
  const values: Record<string, string | null> = { ...slots, seller: seller.trim() || 'We' };
  // The frames an email without a fact uses; the ones that keep a clause as typed, or say "also", are tried first and last.
  const frames =
    field === 'pain'
      ? [...NO_FACT_OPENERS].sort((a, b) => Number(b.includes('{painClause}')) - Number(a.includes('{painClause}')))
      : [...SECOND].sort((a, b) => Number(a.includes(' also ')) - Number(b.includes(' also ')));
  for (const frame of frames) {
    const names = [...frame.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
    if (names.some((name) => values[name] === null || values[name] === undefined)) continue;
    const sentence = fillSlots(frame, values as Record<string, string>);
    if (grammarProblems(sentence, [phrase]).length === 0) return sentence;
  }
  if (phrase.form === 'other') return null;
  return field === 'value' || phrase.form === 'clause' ? standalone(text) : null;
}
