import type { Fact } from '@meetflow/plugin-sdk';
import type { TemplateId } from './config.ts';
import { anglesOf, chooseAngles } from './fact-allocation.ts';
import { askLines, withBookingLink } from './moves/ask.ts';
import { bridgeLines, NEW_ANGLE_LINES, NO_FACT_OPENERS } from './moves/bridge.ts';
import type { FactAngle } from './moves/fact-angles.ts';
import { closings, followUpLines, genericSubjects, greetings } from './moves/frame.ts';
import { offerLines } from './moves/offer-line.ts';
import { proofLines } from './moves/proof.ts';
import { rankValueProps } from './moves/value-props.ts';
import { signatureLines, type Offer, type ValueProp } from './offer.ts';
import type { PlannedStep } from './plan.ts';
import {
  OPENER_ANGLES,
  type CampaignOpeners,
  type Decisions,
  type Move,
  type OpenerAngle,
  type OutreachProspect,
  type ResearchSubset,
  type Sentence,
} from './schemas.ts';
import { grammarGate, offerPhrases } from './grammar.ts';
import { lintEmail } from './lint.ts';
import { wordsOf } from './grounding.ts';
import { readPhrase, realise, standalone, valuePropSlots, type Phrase } from './phrasing.ts';
import { fillSlots, pickVariant, possessive } from './variety.ts';

/** An email before assembly: what the writers (moves or LLM) produce. */
export interface DraftEmail {
  step: 1 | 2 | 3;
  subject: string;
  sentences: Sentence[];
}

/** Everything a writer may use: the plan, the quotable facts, the people, the offer. */
export interface WriteContext {
  plan: readonly PlannedStep[];
  facts: readonly Fact[];
  prospect: OutreachProspect;
  research: Pick<ResearchSubset, 'painPoints' | 'industry'>;
  offer: Offer;
  signature?: string;
  /** The prospect's campaign so far: which kinds of fact its first emails opened on. */
  campaignOpeners?: CampaignOpeners;
  /** What experiments chose for this prospect ('opener-angle' and 'subject-style' act here; the plan took the others). */
  decisions?: Decisions;
}

/** The most words a body may have (the lint's limit); longer drafts drop their optional moves. */
export const MAX_BODY_WORDS = 120;
const MAX_SUBJECT_CHARS = 60;

const wordCount = (sentences: readonly Sentence[]) => sentences.reduce((sum, s) => sum + s.text.split(/\s+/).filter(Boolean).length, 0);

/**
 * The writer's phrasing choices for one prospect: seeded by their email, so reruns agree. A
 * phrasing whose text an earlier email already used is passed over while others remain, so a
 * follow-up never repeats a sentence. A phrasing is a candidate only when every slot it names
 * has a value (a user's phrase in the form the slot needs) and the grammar gate passes it; with
 * no candidate left the pick is null and the caller says it another way.
 */
function chooser(context: WriteContext) {
  const { prospect, offer } = context;
  const company = prospect.company.trim();
  const phrases = offerPhrases(offer);
  const grammarProblems = grammarGate(phrases);
  const oneLiner = readPhrase(offer.oneLiner, offer.companyName);
  const base: Record<string, string | null> = {
    firstName: prospect.firstName.trim(),
    company,
    companys: possessive(company),
    jobTitle: prospect.jobTitle.trim() || 'the person who owns this',
    seller: offer.companyName.trim(),
    oneLiner: realise(oneLiner, 'pred'),
    minutes: String(offer.callToAction.meetingMinutes),
  };
  const used = new Set<string>();
  const fits = (option: string, values: Record<string, string | null>) =>
    [...option.matchAll(/\{(\w+)\}/g)].every(([, name]) => values[name!] !== null && values[name!] !== undefined);
  const pickOrNull = (
    options: readonly string[],
    slot: string,
    extra: Record<string, string | null> = {},
    { repeatable = false } = {},
  ): string | null => {
    const values = { ...base, ...extra };
    const filled = options
      .filter((option) => fits(option, values))
      .map((option) => fillSlots(option, values as Record<string, string>))
      .filter((text) => grammarProblems(text).length === 0);
    if (filled.length === 0) return null;
    const fresh = filled.filter((text) => repeatable || !used.has(text));
    const text = pickVariant(fresh.length > 0 ? fresh : filled, prospect.email, slot);
    used.add(text);
    return text;
  };
  const pick = (options: readonly string[], slot: string, extra: Record<string, string | null> = {}, flags = {}): string => {
    const text = pickOrNull(options, slot, extra, flags);
    if (text === null) throw new Error(`no phrasing fits slot "${slot}"`);
    return text;
  };
  return Object.assign(pick, { orNull: pickOrNull });
}

const line = (text: string, move: Move, fact?: FactAngle | null): Sentence => ({ text, factIds: fact ? [fact.fact.id] : [], move });

/**
 * The value prop each step argues: the best match for the step's fact and the research's pains
 * that no earlier step used; once all are used, the best match again.
 */
function valuePropsFor(context: WriteContext, angles: Map<number, FactAngle | null>): Map<number, ValueProp> {
  const used = new Set<ValueProp>();
  const chosen = new Map<number, ValueProp>();
  for (const { step } of context.plan) {
    const themes = [...(angles.get(step)?.themes ?? []), ...context.research.painPoints, context.research.industry ?? ''];
    const ranked = rankValueProps(context.offer.valueProps, themes);
    const prop = ranked.find((candidate) => !used.has(candidate)) ?? ranked[0]!;
    used.add(prop);
    chosen.set(step, prop);
  }
  return chosen;
}

/**
 * The offer said without a frame, when none fits its phrases: the one-liner after the seller's
 * name when it reads as a verb phrase, else as its own sentence; the value after it, as typed.
 */
function offerAlone(offer: WriteContext['offer'], value: Phrase | null): string {
  const seller = offer.companyName.trim();
  const pred = realise(readPhrase(offer.oneLiner, seller), 'pred');
  const pitch = pred ? `${seller} ${pred}.` : standalone(offer.oneLiner);
  return value ? `${pitch} ${standalone(value.text)}` : pitch;
}

/**
 * The email's subject: about its fact when it has one, the first email's thread ("Re: …") for
 * the second, names only otherwise; always short enough.
 */
function subjectFor(
  step: 1 | 2 | 3,
  template: TemplateId,
  angle: FactAngle | null,
  firstSubject: string | undefined,
  pick: ReturnType<typeof chooser>,
): string {
  const fits = (subject: string) => subject.length <= MAX_SUBJECT_CHARS;
  if (step === 2 && firstSubject && fits(`Re: ${firstSubject}`)) return `Re: ${firstSubject}`;
  const own = step === 1 && angle ? angle.subjects : [];
  const options = [...own, ...(own.length > 0 ? [] : genericSubjects(step, template))];
  return pick(options, `subject-${step}`).slice(0, MAX_SUBJECT_CHARS);
}

const fourWordRuns = (words: readonly string[]) =>
  words.slice(0, Math.max(0, words.length - 3)).map((_, i) => words.slice(i, i + 4).join(' '));

/** Every run of four words the sentences hold, for repeatsRun to compare many texts with. */
function runsSaid(sentences: readonly Sentence[]): Set<string> {
  return new Set(fourWordRuns(wordsOf(sentences.map((sentence) => sentence.text).join(' '))));
}

/** Whether the text repeats a run of four words the sentences (or their runsSaid) already hold. */
function repeatsRun(text: string, said: readonly Sentence[] | Set<string>): boolean {
  const runs = said instanceof Set ? said : runsSaid(said);
  return fourWordRuns(wordsOf(text)).some((run) => runs.has(run));
}

/** Whether a run of four words comes twice in the sentences (a quick look before the lint's own check). */
function hasDoubledRun(sentences: readonly Sentence[]): boolean {
  const words = wordsOf(sentences.map((sentence) => sentence.text).join(' '));
  const seen = new Set<string>();
  for (let index = 0; index + 4 <= words.length; index += 1) {
    const run = words.slice(index, index + 4).join(' ');
    if (seen.has(run)) return true;
    seen.add(run);
  }
  return false;
}

/** Drops optional moves, proof first, then the bridge, until the body fits the word limit. */
function fitLength(sentences: Sentence[]): Sentence[] {
  let kept = sentences;
  for (const optional of ['proof', 'bridge'] as const) {
    if (wordCount(kept) <= MAX_BODY_WORDS) break;
    kept = kept.filter((sentence) => sentence.move !== optional);
  }
  return kept;
}

/**
 * Writes the sequence from moves, the way a rep would: a line about the prospect from the most
 * relevant, most recent fact; a bridge from it to the offer's best-matching pain; the offer;
 * a proof point; one short question. Follow-ups point back to the first email and bring a new
 * fact, value prop or proof point, never the first email's sentences. Phrasings depend on the
 * facts, the template and a hash of the prospect, so prospects with different facts get
 * different emails and the same input always gets the same ones.
 */
export function composeSequence(context: WriteContext): DraftEmail[] {
  const { plan, offer, prospect } = context;
  const pick = chooser(context);
  // A fact in the offer's own words ("close the month in days" on a site, in a one-liner too) would say it twice: not an angle.
  const offerWords = [
    offer.oneLiner,
    ...offer.valueProps.flatMap((prop) => [prop.pain, prop.value]),
    ...offer.proofPoints.map((p) => p.text),
  ];
  const offerRuns = runsSaid(offerWords.map((text) => line(text, 'offer')));
  const usable = anglesOf(context.facts, prospect.company.trim()).filter((angle) => !repeatsRun(angle.fact.value, offerRuns));
  const angles = chooseAngles(plan, usable, {
    seed: prospect.email,
    themes: [offer.oneLiner, ...offer.valueProps.flatMap((prop) => [prop.pain, prop.value]), ...offer.personas.titles],
    ...(context.campaignOpeners ? { campaign: context.campaignOpeners } : {}),
    preferKinds: OPENER_ANGLES[(context.decisions?.['opener-angle'] as OpenerAngle | undefined) ?? 'most-relevant'],
  });
  const props = valuePropsFor(context, angles);
  const first = angles.get(1) ?? null;
  const proofs = offer.proofPoints.map(proofLines);
  const firstProof =
    proofs.length > 0
      ? pickVariant(
          proofs.map((_, index) => index),
          prospect.email,
          'proof',
        )
      : 0;
  let proofsUsed = 0;
  // Each proof point is used once: the first email's, then the others in turn while they last.
  const takeProof = () => (proofsUsed < proofs.length ? proofs[(firstProof + proofsUsed++) % proofs.length] : undefined);
  const signature = signatureLines(offer, context.signature).join('\n');
  const signOff = `${pick(closings(offer.tone), 'closing', {}, { repeatable: true })}\n${signature}`;
  let firstSubject: string | undefined;
  // What the first email raised when it had no fact: its value prop's pain, for follow-ups to point back to.
  const firstPainSlot = valuePropSlots(props.get(1)!.pain, props.get(1)!.value).pain;

  return plan.map(({ step, template }) => {
    const angle = angles.get(step) ?? null;
    const prop = props.get(step)!;
    const pain = readPhrase(prop.pain);
    const value = readPhrase(prop.value);
    const slots = { ...valuePropSlots(prop.pain, prop.value), topic: angle?.topic ?? '' };
    const say = (options: readonly string[], slot: string) => pick.orNull(options, `${slot}-${step}`, slots);
    // A pain no frame can hold stands as its own sentence when it is one (a clause); else the line is left out.
    const painAlone = pain.form === 'clause' ? standalone(prop.pain) : null;
    const greeting = pick(greetings(offer.tone), 'greeting', {}, { repeatable: true });
    const sentences: Sentence[] = [line(greeting, 'greeting')];
    if (step !== 1) {
      sentences.push(
        line(
          pick(followUpLines(step, Boolean(first)), `follow-up-${step}`, {
            topic: first?.topic ?? '',
            // Named only when this email argues another pain: the same pain twice in one email reads doubled.
            firstPain: slots.pain === firstPainSlot ? null : firstPainSlot,
          }),
          'follow-up',
          first,
        ),
      );
    }
    if (angle) {
      const opener = pick(angle.openers, `opener-${step}`, slots);
      const back = sentences.findIndex((sentence) => sentence.move === 'follow-up');
      // A new fact in the words of the first one (two facts of a site sharing a phrase) would say it twice: point back without the fact.
      if (back >= 0 && repeatsRun(opener, [sentences[back]!])) {
        sentences[back] = line(pick(followUpLines(step as 2 | 3, false), `follow-up-${step}`, { firstPain: firstPainSlot }), 'follow-up');
      }
      sentences.push(line(opener, 'opener', angle));
      const bridges = bridgeLines(angle.fact.kind, template);
      // Seeded by the fact's kind too: a prospect's facts of different kinds get different bridges.
      const bridgeSlot = `bridge-${angle.fact.kind}`;
      let bridge = say(bridges, bridgeSlot);
      // A bridge naming the fact again ("Even with your HubSpot setup…") after an opener naming it at length reads doubled: another one.
      if (bridge && repeatsRun(bridge, sentences))
        bridge = say(
          bridges.filter((option) => !option.includes('{topic}')),
          bridgeSlot,
        );
      bridge ??= painAlone;
      if (bridge) sentences.push(line(bridge, 'bridge', angle));
    } else {
      const opener = say(step === 1 ? NO_FACT_OPENERS : NEW_ANGLE_LINES, 'opener') ?? painAlone;
      if (opener) sentences.push(line(opener, 'opener'));
    }
    sentences.push(line(say(offerLines(step, template), 'offer') ?? offerAlone(offer, step === 1 ? value : null), 'offer'));
    // The first email carries a proof point; a follow-up only when it has no new fact to bring.
    const proof = step === 1 || !angle ? takeProof() : undefined;
    const proofLine = proof ? say(proof, 'proof') : null;
    // A proof point saying what the offer line just said ("cut its close time in half") is left out: the lint refuses a doubled phrase.
    if (proofLine && !repeatsRun(proofLine, sentences)) sentences.push(line(proofLine, 'proof'));
    // A long pain said twice in one email reads like a template: the ask names it only when it is short.
    const asks = askLines(step, template, offer.tone).filter((ask) => !ask.includes('{pain}') || (slots.pain ?? '').split(' ').length < 3);
    sentences.push(line(withBookingLink(pick(asks, `ask-${step}`, slots), offer), 'ask'));
    sentences.push(line(signOff, 'sign-off'));
    // A run of four words said twice across sentences (an offer line ending where the ask begins, as a quoted fact has it) is
    // refused by the lint: another ask, else the email without its bridge, else without its proof.
    const doubled = () =>
      hasDoubledRun(sentences) && lintEmail({ step, subject: 'x', sentences }, context).some(({ rule }) => rule === 'doubled-phrase');
    if (doubled()) {
      const askAt = sentences.findIndex((sentence) => sentence.move === 'ask');
      for (const option of asks) {
        const text = pick.orNull([option], `ask-${step}`, slots);
        if (!text) continue;
        sentences[askAt] = line(withBookingLink(text, offer), 'ask');
        if (!doubled()) break;
      }
      for (const optional of ['bridge', 'proof'] as const) {
        const at = sentences.findIndex((sentence) => sentence.move === optional);
        if (at >= 0 && doubled()) sentences.splice(at, 1);
      }
    }
    // A follow-up line saying again what the rest of the email says (the first email's pain in other words, an ask) would read doubled: a plain one.
    const backAt = sentences.findIndex((sentence) => sentence.move === 'follow-up');
    if (backAt >= 0 && repeatsRun(sentences[backAt]!.text, [...sentences.slice(0, backAt), ...sentences.slice(backAt + 1)])) {
      const plain = followUpLines(step as 2 | 3, false).filter((option) => !option.includes('{firstPain}'));
      sentences[backAt] = line(pick(plain, `follow-up-${step}`), 'follow-up');
    }
    const subject = subjectFor(
      step,
      template,
      context.decisions?.['subject-style'] === 'about-the-offer' ? null : angle,
      firstSubject,
      pick,
    );
    firstSubject ??= subject;
    return { step, subject, sentences: fitLength(sentences) };
  });
}
