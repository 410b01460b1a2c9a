import type { LlmClient, Logger } from '@meetflow/plugin-sdk';
import { describeStrategy, citationsOf, openerKindOf, sequenceConfidence, toEmails } from './assemble.ts';
import { composeSequence, type DraftEmail, type WriteContext } from './compose.ts';
import type { OutreachConfig } from './config.ts';
import { usableFacts } from './fact-allocation.ts';
import { copyLintFailure, lintSequence } from './lint.ts';
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
 * language model when enabled and its answer passes the copy lint, else from moves, lints the
 * result once more (whoever wrote it) and reports citations, confidence and the expected
 * response rate. A sequence that breaks the copy rules is never returned: the activity fails,
 * not retried, with every reason.
 */
export async function writeSequence(input: WriteSequenceInput, deps: WriterDeps): Promise<WriteSequenceOutput> {
  const { config, llm, logger } = deps;
  const context: WriteContext = {
    plan: planSequence(
      input.templatePerformance ?? config.templatePerformance,
      input.cadenceTiming ?? config.cadenceTiming,
      input.firstTemplate,
      input.decisions,
    ),
    facts: usableFacts(input.research.facts, config.minFactConfidence),
    prospect: input.prospect,
    research: input.research,
    offer: input.offer,
    ...(input.signature === undefined ? {} : { signature: input.signature }),
    ...(input.campaignOpeners === undefined ? {} : { campaignOpeners: input.campaignOpeners }),
    ...(input.decisions === undefined ? {} : { decisions: input.decisions }),
  };
  let drafts: DraftEmail[] | null = null;
  let writer: WriteSequenceOutput['writer'] = 'templates';
  if (config.useLlm && llm) {
    const outcome = await writeWithLlm(llm, context, logger);
    if ('drafts' in outcome) {
      drafts = outcome.drafts;
      writer = 'llm';
      logger.info({ model: outcome.model }, 'sequence written by the language model');
    } else {
      logger.warn({ reason: outcome.rejected }, 'language model answer rejected; writing from moves');
    }
  }
  drafts ??= composeSequence(context);
  const problems = lintSequence(drafts, context);
  if (problems.length > 0) throw copyLintFailure(problems);
  const sequence = toEmails(context.plan, drafts);
  return {
    sequence,
    overallStrategy: describeStrategy(context.plan, sequence, writer, input.scoring),
    expectedResponseRate: expectedResponseRate(context.plan, config.stepReplyShares),
    confidence: sequenceConfidence(sequence, context.facts),
    citations: citationsOf(sequence, context.facts),
    writer,
    openerKind: openerKindOf(sequence, context.facts),
  };
}
