import type { LlmClient, Logger } from '@meetflow/plugin-sdk';
import { describeStrategy, citationsOf, sequenceConfidence, toEmails } from './assemble.ts';
import { composeFromTemplates, type DraftEmail } from './compose.ts';
import type { OutreachConfig } from './config.ts';
import { usableFacts } from './fact-allocation.ts';
import { writeWithLlm } from './llm-writer.ts';
import { expectedResponseRate, planSequence } from './plan.ts';
import type { WriteSequenceInput, WriteSequenceOutput } from './schemas.ts';

/** What writing a sequence needs besides its input. */
export interface WriterDeps {
  config: OutreachConfig;
  llm: LlmClient | null;
  logger: Logger;
}

/**
 * Plans the three steps (templates by response rate, days by cadence), writes them with the
 * language model when enabled and its answer passes validation, else from templates, and
 * reports citations, confidence and the expected response rate.
 */
export async function writeSequence(input: WriteSequenceInput, deps: WriterDeps): Promise<WriteSequenceOutput> {
  const { config, llm, logger } = deps;
  const plan = planSequence(input.templatePerformance ?? config.templatePerformance, input.cadenceTiming ?? config.cadenceTiming);
  const facts = usableFacts(input.research.facts, config.minFactConfidence);
  let drafts: DraftEmail[] | null = null;
  let writer: WriteSequenceOutput['writer'] = 'templates';
  if (config.useLlm && llm) {
    const outcome = await writeWithLlm(llm, plan, facts, input.prospect, input.sender, logger);
    if ('drafts' in outcome) {
      drafts = outcome.drafts;
      writer = 'llm';
      logger.info({ model: outcome.model }, 'sequence written by the language model');
    } else {
      logger.warn({ reason: outcome.rejected }, 'language model answer rejected; writing from templates');
    }
  }
  drafts ??= composeFromTemplates(plan, facts, input.prospect, input.sender);
  const sequence = toEmails(plan, drafts);
  return {
    sequence,
    overallStrategy: describeStrategy(plan, sequence, writer, input.scoring),
    expectedResponseRate: expectedResponseRate(plan, config.stepReplyShares),
    confidence: sequenceConfidence(sequence, facts),
    citations: citationsOf(sequence, facts),
    writer,
  };
}
