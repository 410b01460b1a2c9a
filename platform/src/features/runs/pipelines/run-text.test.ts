import { describe, expect, it } from 'vitest';
import { inputSummary, parseRunError } from './run-text.ts';

describe('parseRunError', () => {
  it("splits a batch's and a single run's error into the step and what it met; other errors are all message", () => {
    expect(parseRunError('step "check" failed: -1 is negative')).toEqual({ nodeId: 'check', message: '-1 is negative' });
    expect(parseRunError('step "research" (research.enrichCompany) failed: site unreachable ')).toEqual({
      nodeId: 'research',
      message: 'site unreachable',
    });
    expect(parseRunError('cancelled: batch b1 was cancelled')).toEqual({ nodeId: null, message: 'cancelled: batch b1 was cancelled' });
    expect(parseRunError(undefined)).toEqual({ nodeId: null, message: 'failed' });
  });
});

describe('inputSummary', () => {
  it("names a prospect pipeline's prospect, else lists the top-level fields in one short line", () => {
    expect(inputSummary({ prospectId: 12, contact: { firstName: 'Ada', lastName: 'Lane' }, offer: { long: 'x'.repeat(500) } })).toEqual({
      prospectId: 12,
      summary: 'prospect 12 · Ada Lane',
    });
    expect(inputSummary({ n: -1, tags: ['a'], nested: { a: 1 }, name: 'x' })).toEqual({
      prospectId: null,
      summary: 'n: -1, tags: […], nested: {…}, name: "x"',
    });
    expect(inputSummary({ text: 'y'.repeat(200) }).summary).toHaveLength(100);
    expect([inputSummary({}).summary, inputSummary(null).summary, inputSummary(7).summary]).toEqual(['no input', 'null', '7']);
  });
});
