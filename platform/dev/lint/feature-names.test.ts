// One name per capability, in every layer (#30): a UI feature folder (ui/src/features/<name>) is
// named as the platform feature it serves (platform/src/features/<domain>/<name>), whose word the
// /api path uses too: the Review Queue's code is in ui/src/features/outbox, beside
// platform/src/features/email/outbox and /api/outbox. Screens keep their titles and URLs.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/core/paths.ts';

/**
 * The UI features no platform feature stands behind, so with no platform name to take; keep this
 * short: a screen that calls the API belongs in the folder of the platform feature it calls.
 */
const UI_ONLY = new Set([
  // The frame around every app page (sidebar, header, workspace switcher): it shows other
  // features' data (the agents' status) and owns none.
  'app-shell',
]);

/** The folders directly inside `dir` (relative to the repository). */
const foldersIn = (dir: string): string[] =>
  readdirSync(join(repoRoot, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Each UI feature folder whose name is neither a platform feature's nor on the UI-only list, said as a finding. */
export function misnamedFeatures(
  uiFeatures: readonly string[],
  platformFeatures: ReadonlySet<string>,
  uiOnly: ReadonlySet<string>,
): string[] {
  return uiFeatures
    .filter((name) => !platformFeatures.has(name) && !uiOnly.has(name))
    .map((name) => `ui/src/features/${name} is named as no platform feature (platform/src/features/*/${name})`);
}

const uiFeatures = foldersIn('ui/src/features');
const platformFeatures = new Set(foldersIn('platform/src/features').flatMap((domain) => foldersIn(`platform/src/features/${domain}`)));

describe('UI feature folders', () => {
  it('are each named as the platform feature they serve', () => {
    expect(misnamedFeatures(uiFeatures, platformFeatures, UI_ONLY)).toEqual([]);
  });

  it('the UI-only list names folders that exist and that no platform feature shares', () => {
    for (const name of UI_ONLY) {
      expect(uiFeatures, name).toContain(name);
      expect(platformFeatures.has(name), name).toBe(false);
    }
  });

  it('the check names a folder that goes by another word than its platform feature', () => {
    expect(misnamedFeatures(['outbox', 'review-queue', 'app-shell'], new Set(['outbox', 'pricing']), new Set(['app-shell']))).toEqual([
      'ui/src/features/review-queue is named as no platform feature (platform/src/features/*/review-queue)',
    ]);
  });
});
