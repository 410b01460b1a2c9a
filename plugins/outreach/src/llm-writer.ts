import type { Fact, LlmClient, Logger } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { allowedWords, uncitedClaim, unsupportedNumber } from './claims.ts';
import type { DraftEmail } from './compose.ts';
import type { PlannedStep } from './plan.ts';
import type { OutreachProspect, Sender } from './schemas.ts';

/** What the model must answer: one entry per step, each sentence with the fact ids it uses. */
const LlmAnswerSchema = z.object({
  emails: z
    .array(
      z.object({
        subject: z.string().min(1),
        sentences: z.array(z.object({ text: z.string().min(1), factIds: z.array(z.string()).default([]) })),
      }),
    )
    .min(3),
});

const TEMPLATE_BRIEFS: Record<PlannedStep['template'], string> = {
  'roi-focused': "lead with the return the sender's offer could bring",
  'pain-point': 'lead with a problem the facts show, then the offer',
  'value-prop': 'lead with what the sender offers',
};

export const SYSTEM_PROMPT = [
  'You write short, plain cold B2B sales emails.',
  'You may state things about the prospect\'s company ONLY from the facts given, and every sentence that uses a fact must list that fact\'s id in "factIds".',
  "Sentences without factIds may only use the prospect's name, title and company name and the sender's details; they must not claim anything else about the prospect or the company.",
  'Subjects cannot cite facts, so they use only names and company names.',
  'Never invent numbers, customers, tools, events or results. With few facts, write shorter, generic emails.',
  'Answer with a JSON object: {"emails":[{"subject":string,"sentences":[{"text":string,"factIds":[string]}]}]}, one email per step in the order given; include greeting and sign-off as sentences.',
].join(' ');

/** The user message: the steps, the people and the facts (ids, kinds and values only). */
export function buildPrompt(plan: readonly PlannedStep[], facts: readonly Fact[], prospect: OutreachProspect, sender: Sender): string {
  return JSON.stringify({
    steps: plan.map((step) => ({
      step: step.step,
      dayOffset: step.dayOffset,
      template: step.template,
      approach: TEMPLATE_BRIEFS[step.template],
    })),
    prospect: { firstName: prospect.firstName, lastName: prospect.lastName, jobTitle: prospect.jobTitle, company: prospect.company },
    sender,
    facts: facts.map((fact) => ({ id: fact.id, kind: fact.kind, value: fact.value })),
  });
}

/** The model's drafts, or why they were rejected. */
export type LlmOutcome = { drafts: DraftEmail[]; model: string } | { rejected: string };

/**
 * Asks the model for the sequence and validates it: sentences citing an unknown fact id are
 * dropped; a sentence or subject that uses a fact's telltale words without citing it, or a
 * citing sentence with a number its facts do not hold, rejects the whole answer (the caller then
 * writes from templates), as does a malformed answer or an email left empty.
 */
export async function writeWithLlm(
  llm: LlmClient,
  plan: readonly PlannedStep[],
  facts: readonly Fact[],
  prospect: OutreachProspect,
  sender: Sender,
  logger: Logger,
): Promise<LlmOutcome> {
  let text: string;
  let model: string;
  try {
    ({ text, model } = await llm.complete({
      system: SYSTEM_PROMPT,
      messages: [{ role: 'user', content: buildPrompt(plan, facts, prospect, sender) }],
      json: true,
    }));
  } catch (error) {
    return { rejected: `the model call failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  let answer: z.infer<typeof LlmAnswerSchema>;
  try {
    answer = LlmAnswerSchema.parse(JSON.parse(text));
  } catch (error) {
    return { rejected: `the answer is not the JSON asked for: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}` };
  }
  const known = new Set(facts.map((fact) => fact.id));
  const allowed = allowedWords(prospect, sender);
  const drafts: DraftEmail[] = [];
  for (const [index, planned] of plan.entries()) {
    const email = answer.emails[index];
    if (!email) return { rejected: `no email for step ${planned.step}` };
    const subjectClaim = uncitedClaim(email.subject, [], facts, allowed);
    if (subjectClaim) return { rejected: `subject of step ${planned.step}: ${subjectClaim}` };
    const sentences = [];
    for (const sentence of email.sentences) {
      const unknown = sentence.factIds.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        logger.warn(
          { step: planned.step, unknownFactIds: unknown, sentence: sentence.text },
          'dropped an LLM sentence citing unknown facts',
        );
        continue;
      }
      const claim =
        uncitedClaim(sentence.text, sentence.factIds, facts, allowed) ?? unsupportedNumber(sentence.text, sentence.factIds, facts, allowed);
      if (claim) return { rejected: `step ${planned.step}: ${claim}` };
      sentences.push({ text: sentence.text.trim(), factIds: [...new Set(sentence.factIds)] });
    }
    if (sentences.length === 0) return { rejected: `step ${planned.step} has no sentence left after validation` };
    drafts.push({ step: planned.step, subject: email.subject.trim(), sentences });
  }
  return { drafts, model };
}
