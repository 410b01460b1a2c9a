// The accessibility check the specs share: axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules over
// the whole page, its findings as one readable line per element.
import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { expect, type Page } from './fixtures.ts';

/** The standard the app meets (README "Accessibility"): WCAG 2.2 level AA, and the A and AA rules of the versions before it. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One line per element a rule fails on: the rule, how bad, where, what is wrong. */
export function describeViolations(violations: readonly Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const where = node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : String(part))).join(' >> ');
      // The summary's first "fix this" line names the measured problem (e.g. the contrast ratio).
      const summary =
        node.failureSummary
          ?.split('\n')
          .map((line) => line.trim())
          .filter((line) => line && !/^Fix (any|all) of the following:$/.test(line))
          .join(' ') ?? violation.help;
      return `${violation.id} (${violation.impact ?? 'n/a'}) at ${where}: ${summary}`;
    }),
  );
}

/**
 * Runs axe on the page as it is now and records (softly, so one run lists every screen's
 * findings) that it found nothing. `what` names the screen and state in the report.
 */
export async function expectNoViolations(page: Page, what: string): Promise<void> {
  // CSS transitions under way end first (a resize closes the phone's sidebar drawer with a fade, and axe
  // measured a status word's contrast half-faded, at 1.72:1). Only running transitions: they always end
  // (or are cancelled, which settles them too); animations may loop or wait paused, and are not waited for.
  // (A string: the specs are compiled without the DOM's types.)
  await page.evaluate(
    `Promise.all(document.getAnimations()
      .filter((animation) => animation instanceof CSSTransition && animation.playState === 'running')
      .map((animation) => animation.finished.catch(() => undefined)))`,
  );
  // Legacy mode runs axe in the page itself instead of gathering its results in a new blank page
  // each time: a second per check saved, and the app has no cross-origin frames it would miss.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  expect.soft(describeViolations(results.violations), `axe violations on ${what}`).toEqual([]);
}
