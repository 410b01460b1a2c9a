import type { LlmClient, Logger } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import type { DraftEmail, WriteContext } from './compose.ts';
import { lintSequence, STYLE_RULES } from './lint.ts';
import { signatureLines } from './offer.ts';
import { OPENER_ANGLES, type OpenerAngle } from './schemas.ts';

/** What the model must answer: one email per step, each sentence with the fact ids it uses. */
const LlmAnswerSchema = z.object({
  emails: z
    .array(
      z.object({
        subject: z.string().min(1),
        sentences: z.array(z.object({ text: z.string().min(1), factIds: z.array(z.string()).default([]) })).min(1),
      }),
    )
    .length(3),
});

const TEMPLATE_BRIEFS: Record<WriteContext['plan'][number]['template'], string> = {
  'roi-focused': 'argue the return: what the pain costs and what the offer gives back',
  'pain-point': 'lead with a problem the facts point to, then the offer',
  'value-prop': 'lead with what the offer does for a team like theirs',
};

export const SYSTEM_PROMPT = [
  'You write short, plain cold B2B sales emails a sales rep would sign.',
  "Each email: a greeting; one sentence about the prospect built on the most relevant fact; a bridge from it to one of the offer's pains; the offer; at most one proof point from the offer; one short question asking for a call of the offer's length; the sign-off with the signature given.",
  'Follow-ups point back to the first email and bring a new fact, value or proof point; never repeat a sentence.',
  'When "firstEmail" is given, the first email opens on a fact of one of its "openOnFactKinds" if there is one, and its subject is about the offer when "subjectAbout" says so.',
  'Every sentence lists in "factIds" the ids of the facts it relies on. Say nothing about the prospect that the cited facts do not say, and nothing about the sender that the offer does not say.',
  `Rules every email must pass: ${Object.values(STYLE_RULES).join(' ')}`,
  'Answer with a JSON object: {"emails":[{"subject":string,"sentences":[{"text":string,"factIds":[string]}]}]}, three emails in the order of the steps given.',
].join(' ');

/** The user message: the steps, the prospect's names, the facts (ids, kinds, values, evidence) and the offer. */
export function buildPrompt(context: WriteContext): string {
  const { plan, facts, prospect, offer, signature } = context;
  return JSON.stringify({
    steps: plan.map((step) => ({
      step: step.step,
      dayOffset: step.dayOffset,
      template: step.template,
      approach: TEMPLATE_BRIEFS[step.template],
    })),
    prospect: { firstName: prospect.firstName, lastName: prospect.lastName, jobTitle: prospect.jobTitle, company: prospect.company },
    facts: facts.map((fact) => ({ id: fact.id, kind: fact.kind, value: fact.value, evidence: fact.evidence.snippet })),
    offer: {
      companyName: offer.companyName,
      oneLiner: offer.oneLiner,
      valueProps: offer.valueProps,
      proofPoints: offer.proofPoints,
      tone: offer.tone,
      meetingMinutes: offer.callToAction.meetingMinutes,
      ...(offer.callToAction.bookingLink ? { bookingLink: offer.callToAction.bookingLink } : {}),
    },
    signature: signatureLines(offer, signature).join('\n'),
    ...firstEmailBrief(context),
  });
}

/** What experiments chose for the first email, in the model's terms (absent when they chose nothing the model acts on). */
function firstEmailBrief({ decisions }: WriteContext): { firstEmail?: { openOnFactKinds?: string[]; subjectAbout?: 'the offer' } } {
  const kinds = OPENER_ANGLES[(decisions?.['opener-angle'] as OpenerAngle | undefined) ?? 'most-relevant'];
  const brief = {
    ...(kinds.length > 0 ? { openOnFactKinds: [...kinds] } : {}),
    ...(decisions?.['subject-style'] === 'about-the-offer' ? { subjectAbout: 'the offer' as const } : {}),
  };
  return Object.keys(brief).length > 0 ? { firstEmail: brief } : {};
}

/** The model's drafts, or why they were rejected. */
export type LlmOutcome = { drafts: DraftEmail[]; model: string } | { rejected: string };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Reads one answer into drafts, or lists what is wrong with it: its shape, then the copy lint (grounding included). */
function review(text: string, context: WriteContext): { drafts: DraftEmail[]; problems: [] } | { problems: string[] } {
  let answer: z.infer<typeof LlmAnswerSchema>;
  try {
    answer = LlmAnswerSchema.parse(JSON.parse(text));
  } catch (error) {
    return { problems: [`the answer is not the JSON asked for: ${message(error).slice(0, 200)}`] };
  }
  const drafts = context.plan.map(({ step }, index) => {
    const email = answer.emails[index]!;
    const sentences = email.sentences.map((sentence) => ({ text: sentence.text.trim(), factIds: [...new Set(sentence.factIds)] }));
    return { step, subject: email.subject.trim(), sentences };
  });
  const problems = lintSequence(drafts, context);
  return problems.length > 0 ? { problems } : { drafts, problems: [] };
}

/**
 * Asks the model for the sequence and checks it with the copy lint, whose grounding rule traces
 * every number, name and event to a cited fact or the offer. A rejected answer gets one retry
 * with its problems listed; a second rejection (or a failed call) returns why, and the caller
 * writes from moves.
 */
export async function writeWithLlm(llm: LlmClient, context: WriteContext, logger: Logger): Promise<LlmOutcome> {
  const messages: Array<{ role: 'user' | 'assistant'; content: string }> = [{ role: 'user', content: buildPrompt(context) }];
  let problems: string[] = [];
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    let answer: { text: string; model: string };
    try {
      answer = await llm.complete({ system: SYSTEM_PROMPT, messages, json: true });
    } catch (error) {
      return { rejected: `the model call failed: ${message(error)}` };
    }
    const reviewed = review(answer.text, context);
    if ('drafts' in reviewed) return { drafts: reviewed.drafts, model: answer.model };
    problems = reviewed.problems;
    if (attempt === 1) logger.warn({ problems: problems.join('; ') }, 'language model answer broke the copy rules; asking once more');
    messages.push(
      { role: 'assistant', content: answer.text },
      { role: 'user', content: `Your answer breaks these rules: ${problems.join('; ')}. Answer again with the whole JSON, fixed.` },
    );
  }
  return { rejected: problems.join('; ') };
}
