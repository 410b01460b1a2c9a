// What the copy eval counts, apart from running the writer: the prospect written to on each
// fixture site, and how often one sentence comes back across a campaign's emails.
import type { WriteSequenceOutput } from '@meetflow/plugin-outreach';
import type { Research } from '../../src/features/prospecting/icp/research-sites.ts';
import type { SiteLabel } from './eval-sites.ts';

type Email = WriteSequenceOutput['sequence'][number];
type Move = NonNullable<Email['sentences'][number]['move']>;

// One name per site, in the labels' order: every prospect has their own first name, so a
// greeting ("Hi Ava,") that repeats would show a real problem, not a shared name.
// As many names as the larger set has sites, so a battery campaign's run of sites (which wraps from
// the last site to the first) never greets two prospects alike.
const FIRST_NAMES = (
  'Ava Ben Chloe Dev Elena Farid Grace Hugo Ines Jonas Kira Liam Maya Nico Olga Priya Quentin Rosa Sami Tara Umar Vera Wes Xenia Yusuf Zoe Aiko Bruno Carmen Dmitri Esme Felix ' +
  'Gina Hamid Isla Jakob Keiko Lars Mina Noor Oscar Paula Rafael Selma Tomas Una Viktor Wanda Yara Zane Amara Boris Celine Diego Emil Freya Goran Hana Ivo Julia Kofi Lena Marek Nadia Omar Pia Rune Sofia Teo Ulla'
).split(' ');
const LAST_NAMES =
  'Adler Brooks Castro Dahl Evans Fischer Garcia Haddad Ito Jensen Kowalski Lindqvist Moreau Nakamura Okafor Petrov Quinn Rossi Schmidt Tanaka Usman Vogel Walsh Xu Yilmaz Zimmer Abara Becker Costa Duarte Eriksen Fontaine'.split(
    ' ',
  );

/** The prospect of the index-th site: named from the lists, titled by the site's first labelled title. */
export function evalProspect(site: string, index: number, label: SiteLabel, research: Research, fallbackTitle: string) {
  const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!;
  const lastName = LAST_NAMES[index % LAST_NAMES.length]!;
  return {
    firstName,
    lastName,
    // A site that names no title (tutorbase) gets the offer's first persona: whom the campaign targets anyway.
    jobTitle: label.titles[0] ?? fallbackTitle,
    company: research.companyName.trim() || site,
    email: `${firstName}.${lastName}@${site}.example`.toLowerCase(),
  };
}

/**
 * Moves left out of the repetition figure. `offer`: the target exempts the offer line,
 * which says the same thing to everyone by design. `sign-off`: the closing word and the
 * sender's signature ("Best,\nAlex Morgan, Account Executive\nBrightline Data") are one block,
 * identical in every email a closing word picks; it is the signature, not a sentence of the
 * copy. The greeting stays in: it carries the prospect's name, so a repeated one is a defect.
 */
export const REPEATABLE_MOVES: readonly Move[] = ['offer', 'sign-off'];

/** A sentence as compared across emails: lower case, whitespace collapsed. */
export const normaliseSentence = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** One distinct sentence and the share of the campaign's emails that contain it. */
export interface SentenceShare {
  /** As first written; sentences equal once normalised count as one. */
  text: string;
  moves: Move[];
  emails: number;
  share: number;
  /** True when every use of it is a repeatable move (offer, sign-off). */
  repeatable: boolean;
}

/** Every distinct sentence of the emails, most shared first. */
export function sentenceShares(emails: readonly Email[]): SentenceShare[] {
  const found = new Map<string, { text: string; emails: number; moves: Set<Move | undefined> }>();
  for (const email of emails) {
    const inEmail = new Set<string>();
    for (const sentence of email.sentences) {
      const key = normaliseSentence(sentence.text);
      const entry = found.get(key) ?? { text: sentence.text, emails: 0, moves: new Set() };
      entry.moves.add(sentence.move);
      // An email counts once however often it says the sentence.
      if (!inEmail.has(key)) entry.emails += 1;
      inEmail.add(key);
      found.set(key, entry);
    }
  }
  return [...found.values()]
    .map(({ text, emails: count, moves }) => ({
      text,
      moves: [...moves].filter((move): move is Move => move !== undefined),
      emails: count,
      share: count / emails.length,
      // A sentence without a move (a language model's) is always counted.
      repeatable: [...moves].every((move) => move !== undefined && REPEATABLE_MOVES.includes(move)),
    }))
    .sort((a, b) => b.emails - a.emails || a.text.localeCompare(b.text));
}

/** The target: no kind of fact opens more than this share of a campaign's first emails. */
export const MAX_OPENER_KIND_SHARE = 0.4;

/** How often each kind of fact opens a first email, most frequent first, as a share of the first emails that open on a fact. */
export function openerKindShares(
  written: ReadonlyArray<{ emails: readonly Email[]; kindOf: (factId: string) => string | undefined }>,
): Array<{ kind: string; count: number; share: number }> {
  const counts = new Map<string, number>();
  let total = 0;
  for (const { emails, kindOf } of written) {
    const opener = emails.find((email) => email.step === 1)?.sentences.find((sentence) => sentence.move === 'opener');
    const kind = opener?.factIds[0] ? kindOf(opener.factIds[0]) : undefined;
    if (!kind) continue;
    total += 1;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts]
    .map(([kind, count]) => ({ kind, count, share: count / total }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}
