import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { confidenceOf, rankCategories } from './classify.ts';
import { engagementAnalysisPlugin } from './index.ts';
import { SAMPLE_REPLIES } from './sample-replies.ts';

const classify = (reply: Parameters<typeof runActivity<typeof engagementAnalysisPlugin, 'classifyReply'>>[2], config = {}) =>
  runActivity(engagementAnalysisPlugin, 'classifyReply', reply, testDeps(engagementAnalysisPlugin, { config }) as never);

describe('classifyReply on realistic replies', () => {
  it.each(SAMPLE_REPLIES)('$name → $category / $action', async (sample) => {
    const result = await classify(sample.reply);
    const why = JSON.stringify(result.signals);
    expect(result.category, why).toBe(sample.category);
    expect(result.action, why).toBe(sample.action);
    expect(result.returnDate).toBe(sample.returnDate ?? null);
    if (sample.referral !== undefined) expect(result.referral).toEqual(sample.referral);
    if (sample.objection !== undefined) expect(result.objection).toBe(sample.objection);
    if (sample.minMeetingIntent !== undefined) expect(result.meetingIntent).toBeGreaterThanOrEqual(sample.minMeetingIntent);
    if (sample.noSignalsFrom)
      expect(result.signals.map((signal) => signal.rule)).not.toContainEqual(expect.stringMatching(`^${sample.noSignalsFrom}\\.`));
    if (result.category !== 'not-now' || result.confidence > 0) expect(result.signals.length).toBeGreaterThan(0);
  });

  it('explains a classification with the phrases that matched', async () => {
    const result = await classify({ body: 'Please remove me from your mailing list.', receivedAt: '2026-11-20T14:05:00Z' });
    expect(result.signals).toEqual([{ rule: 'unsubscribe.remove-me', matched: 'remove me' }]);
    expect(result.confidence).toBe(0.86);
    expect(result.meetingIntent).toBe(0);
  });

  it('reports the matched return date among the signals', async () => {
    const result = await classify({ body: 'I am out of the office until 3 December.', receivedAt: '2026-11-20T14:05:00Z' });
    expect(result.signals).toContainEqual({ rule: 'out-of-office.return-date', matched: '3 December' });
  });

  it('keeps the category but pauses for review below minConfidence', async () => {
    const body = "We're in the middle of a reorg. Can you circle back in a few months?";
    const relaxed = await classify({ body, receivedAt: '2026-11-20T14:05:00Z' });
    const strict = await classify({ body, receivedAt: '2026-11-20T14:05:00Z' }, { minConfidence: 0.95 });
    expect(relaxed).toMatchObject({ category: 'not-now', action: 'stop', needsReview: false });
    expect(strict).toMatchObject({ category: 'not-now', action: 'pause', needsReview: true });
  });

  it('rejects a reply without a body as invalid input', async () => {
    await expect(classify({ receivedAt: '2026-11-20T14:05:00Z' } as never)).rejects.toThrow(/invalid input/);
  });
});

describe('scoring', () => {
  it('breaks equal totals by precedence: bounce > unsubscribe > out-of-office > referral > interested > objection > not-now', () => {
    const evidence = (['not-now', 'objection', 'interested', 'referral'] as const).map((category) => ({
      rule: `${category}.x`,
      category,
      weight: 1,
      matched: 'x',
    }));
    expect(rankCategories(evidence).map((entry) => entry.category)).toEqual(['referral', 'interested', 'objection', 'not-now']);
  });

  it('grows confidence with more evidence and shrinks it with a close runner-up', () => {
    expect(confidenceOf(1, 0)).toBe(0.63);
    expect(confidenceOf(2, 0)).toBe(0.86);
    expect(confidenceOf(2, 1)).toBe(0.65);
    expect(confidenceOf(1, 1)).toBe(0.32);
    expect(confidenceOf(0, 0)).toBe(0);
  });
});
