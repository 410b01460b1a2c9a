import type { Fact } from '@meetflow/plugin-sdk';
import { allocateFacts, PERSONAL_KINDS, type PersonalKind } from './fact-allocation.ts';
import { personalLine } from './personal-lines.ts';
import type { PlannedStep } from './plan.ts';
import type { OutreachProspect, Sender, Sentence } from './schemas.ts';
import { FOLLOW_UP_OPENERS, GREETINGS, SIGN_OFFS, TEMPLATES } from './templates.ts';
import { fillSlots, inline, pickVariant, possessive } from './variety.ts';

/** An email before assembly: what the writers (templates or LLM) produce. */
export interface DraftEmail {
  step: 1 | 2 | 3;
  subject: string;
  sentences: Sentence[];
}

const isPersonal = (fact: Fact): fact is Fact & { kind: PersonalKind } => (PERSONAL_KINDS as readonly string[]).includes(fact.kind);

/**
 * Writes the sequence from the templates: greeting, (follow-up opener), up to two personal lines
 * from the facts allocated to the email, the sender's offer, the ask, the sign-off. Only the
 * personal lines say anything about the prospect's company, and each cites its fact.
 */
export function composeFromTemplates(
  plan: readonly PlannedStep[],
  facts: readonly Fact[],
  prospect: OutreachProspect,
  sender: Sender,
): DraftEmail[] {
  const allocation = allocateFacts(plan, facts);
  const slots = {
    firstName: prospect.firstName.trim(),
    company: prospect.company.trim(),
    companys: possessive(prospect.company.trim()),
    jobTitle: prospect.jobTitle.trim() || 'part of your role',
    senderName: sender.name.trim(),
    senderCompany: sender.company.trim(),
    valueProposition: inline(sender.valueProposition),
  };
  const pick = (options: readonly string[], slot: string) => fillSlots(pickVariant(options, prospect.email, slot), slots);
  const generic = (text: string): Sentence => ({ text, factIds: [] });
  return plan.map(({ step, template }) => {
    const copy = TEMPLATES[template];
    const personal = (allocation.get(step) ?? [])
      .filter(isPersonal)
      .map((fact, position) => personalLine(fact, slots.company, prospect.email, position));
    const sentences: Sentence[] = [
      generic(pick(GREETINGS, `greeting-${step}`)),
      ...(step === 1 ? [] : [generic(pick(FOLLOW_UP_OPENERS[step], `follow-up-${step}`))]),
      ...personal,
      generic(pick(copy.valueLines, `value-${template}`)),
      generic(pick(copy.asks, `ask-${template}`)),
      generic(pick(SIGN_OFFS, 'sign-off')),
    ];
    return { step, subject: pick(copy.subjects, `subject-${template}`), sentences };
  });
}
