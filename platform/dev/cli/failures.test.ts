import { describe, expect, it } from 'vitest';
import { firstLine, playwrightFailures, vitestFailureDetails, vitestFailures } from './failures.ts';

describe('the failed tests named at the end of npm test', () => {
  it('names each failed vitest test with its file relative to the repo, and a file that failed to load', () => {
    const lines = vitestFailures(
      {
        numPassedTests: 1,
        numFailedTests: 1,
        numPendingTests: 0,
        numTodoTests: 0,
        testResults: [
          {
            name: '/repo/platform/a.test.ts',
            status: 'failed',
            assertionResults: [
              { fullName: 'a passes', status: 'passed' },
              { fullName: 'a counts', status: 'failed', failureMessages: ['\n  AssertionError: expected 2 to be 3\n    at a.test.ts:4'] },
            ],
          },
          { name: '/repo/platform/b.test.ts', status: 'failed', message: 'Cannot find module ./gone.ts', assertionResults: [] },
          { name: '/repo/platform/c.test.ts', status: 'passed', assertionResults: [{ fullName: 'c', status: 'passed' }] },
        ],
      },
      '/repo',
    );
    expect(lines).toEqual([
      'vitest platform/a.test.ts › a counts: AssertionError: expected 2 to be 3',
      'vitest platform/b.test.ts: Cannot find module ./gone.ts',
    ]);
  });

  it("repeats each failed vitest test's error, its lines without stack frames, cut after the first ones", () => {
    const message = [
      '\u001b[31mError: 2 of 50 workflows still running\u001b[39m',
      'p-1 (RUNNING)',
      '  pending deliverStep attempt 3',
      '    at resultsBy (fault-bed.ts:280)',
      'p-2 (RUNNING)',
    ];
    const report = {
      numPassedTests: 0,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: '/repo/platform/outages.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'a passing one', status: 'passed' },
            { fullName: 'the database down', status: 'failed', failureMessages: [message.join('\n')] },
          ],
        },
      ],
    };
    expect(vitestFailureDetails(report, '/repo')).toEqual([
      [
        'vitest platform/outages.test.ts › the database down:',
        '  Error: 2 of 50 workflows still running',
        '  p-1 (RUNNING)',
        '    pending deliverStep attempt 3',
        '  p-2 (RUNNING)',
      ].join('\n'),
    ]);
    expect(vitestFailureDetails(report, '/repo', 2)[0]!.split('\n')).toEqual([
      'vitest platform/outages.test.ts › the database down:',
      '  Error: 2 of 50 workflows still running',
      '  p-1 (RUNNING)',
      '  … 2 more lines',
    ]);
  });

  it('names each Playwright spec that did not pass, however deep its suite, with its first error', () => {
    const lines = playwrightFailures({
      suites: [
        {
          specs: [{ title: 'fine', ok: true, file: 'a.spec.ts', line: 3 }],
          suites: [
            {
              specs: [
                {
                  title: 'books a slot',
                  ok: false,
                  file: 'booking.spec.ts',
                  line: 12,
                  tests: [
                    {
                      results: [{}, { error: { message: '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\nLocator: …' } }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(lines).toEqual(['playwright booking.spec.ts:12 › books a slot: Error: expect(locator).toBeVisible() failed']);
  });

  it('keeps a line short and says nothing for a missing message', () => {
    expect(firstLine('x'.repeat(500))).toHaveLength(240);
    expect(firstLine(undefined)).toBe('');
  });
});
