import { describe, expect, it } from 'vitest';
import { evalLabel, evalPage } from '../eval-fixture.ts';
import { classifyTechnology } from './tech-class.ts';
import { extractTechnologies } from './tech-facts.ts';

describe('classifyTechnology', () => {
  it('makes a business tool of what serves a business area, infrastructure of the rest', () => {
    expect(classifyTechnology(['Payment processors'])).toEqual({ kind: 'business', area: 'payments' });
    expect(classifyTechnology(['Live chat', 'CRM'])).toEqual({ kind: 'business', area: 'support' });
    expect(classifyTechnology(['Documentation', 'Issue trackers', 'Live chat'])).toEqual({ kind: 'business', area: 'support' });
    expect(classifyTechnology(['Customer data platform'])).toEqual({ kind: 'business', area: 'data' });
    for (const infrastructure of [
      ['Web servers', 'Reverse proxies'],
      ['Programming languages'],
      ['CDN'],
      ['Miscellaneous'],
      ['CMS', 'Blogs'],
      ['Issue trackers'],
      [],
    ])
      expect(classifyTechnology(infrastructure), infrastructure.join()).toEqual({ kind: 'infrastructure' });
  });

  it('keeps real-user monitoring infrastructure even where Wappalyzer also calls it analytics', () => {
    expect(classifyTechnology(['RUM', 'Analytics'])).toEqual({ kind: 'infrastructure' });
  });
});

describe('tech facts on the eval sites', () => {
  // Each technology found → the value of its fact ("Uses Nginx 1.24.0 (Web servers; infrastructure)").
  const classes = (site: string, file = 'index.html'): Record<string, string> => {
    const { techStack, drafts } = extractTechnologies([evalPage(site, file, 'home')]);
    const factOf = (name: string) =>
      drafts.find((draft) => draft.value.startsWith(`Uses ${name}`) && /^(?: [^\s(]+)? \(/.test(draft.value.slice(`Uses ${name}`.length)));
    return Object.fromEntries(techStack.map((name) => [name, factOf(name)?.value ?? '']));
  };

  it('marks each technology in its fact: business tools with their area, server, runtime and page metadata as infrastructure', () => {
    const ledgerly = classes('ledgerly');
    expect(ledgerly).toMatchObject({
      Stripe: 'Uses Stripe (Payment processors; business tool: payments)',
      HubSpot: 'Uses HubSpot (Marketing automation; business tool: marketing automation)',
      Intercom: 'Uses Intercom (Live chat; business tool: support)',
      Nginx: 'Uses Nginx 1.24.0 (Web servers; infrastructure)',
      PHP: 'Uses PHP 8.2.12 (Programming languages; infrastructure)',
      'Open Graph': 'Uses Open Graph (Miscellaneous; infrastructure)',
    });
  });

  it('finds exactly the labelled business tools of sites with and without infrastructure', () => {
    for (const site of ['ledgerly', 'northwind-freight', 'stampco', 'prospectly', 'tracewise']) {
      const business = Object.entries(classes(site))
        .filter(([, value]) => value.includes('; business tool: '))
        .map(([name]) => name);
      const label = evalLabel(site);
      expect(business.sort(), site).toEqual([...label.businessTech].sort());
      expect(
        label.infrastructure.filter((name) => !classes(site)[name]?.includes('; infrastructure)')),
        `${site}: infrastructure not marked as such`,
      ).toEqual([]);
    }
  });
});
