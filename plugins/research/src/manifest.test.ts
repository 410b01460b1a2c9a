import { describePlugin, manifestProblems } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { researchPlugin } from './index.ts';

describe('research manifest', () => {
  it('is a valid plugin with documented config defaults', () => {
    expect(manifestProblems(researchPlugin)).toEqual([]);
    expect(describePlugin(researchPlugin).config.defaults).toEqual({
      maxPages: 6,
      pagePaths: ['/about', '/customers', '/pricing', '/careers', '/blog', '/security'],
      respectRobots: true,
      minConfidence: 0.5,
    });
  });

  it('refuses a maxPages above 8 in config and input', () => {
    expect(researchPlugin.manifest.config.safeParse({ maxPages: 9 }).success).toBe(false);
    expect(researchPlugin.manifest.activities.enrichCompany.input.safeParse({ website: 'https://acme.example', maxPages: 9 }).success).toBe(
      false,
    );
  });
});
