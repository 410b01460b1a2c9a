import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_PATHS } from './config.ts';
import { kindOfPath, planPages } from './page-plan.ts';
import { pageFrom } from './test-page.ts';

const links = (...hrefs: string[]) =>
  pageFrom(hrefs.map((href) => `<a href="${href}">x</a>`).join(''), { url: 'https://www.acme.example/' });

describe('page plan', () => {
  it('knows page kinds by their deepest path segment that names one', () => {
    expect(
      ['/about-us/', '/company/team', '/case-studies', '/plans', '/jobs', '/newsroom', '/trust', '/product'].map((path) =>
        kindOfPath(path),
      ),
    ).toEqual(['about', 'team', 'customers', 'pricing', 'careers', 'blog', 'security', 'other']);
    expect(['/company/leadership', '/about/people.html', '/careers/account-executive', '/join'].map((path) => kindOfPath(path))).toEqual([
      'team',
      'team',
      'careers',
      'careers',
    ]);
  });

  it("reads team, leadership and careers pages, known by path or by the link's words", () => {
    const home = pageFrom(
      '<a href="/careers/account-executive">Account Executive</a><a href="/crew">Meet the team</a><a href="/careers">Careers</a><a href="/work">Join us</a>',
      { url: 'https://acme.example/' },
    );
    expect(planPages(home, [], 8).map((page) => [page.kind, new URL(page.url).pathname])).toEqual([
      ['team', '/crew'],
      ['careers', '/careers'],
    ]);
  });

  it('reads linked pages before the paths it guesses for the kinds a site does not link, each kind once', () => {
    const home = links(
      '/company',
      '/about',
      'https://acme.example/jobs/',
      '/pricing#faq',
      'https://other.example/customers',
      '/brochure.pdf',
      'mailto:x@acme.example',
    );
    expect(planPages(home, DEFAULT_PAGE_PATHS, 8).map((page) => [page.kind, page.url])).toEqual([
      ['about', 'https://www.acme.example/company'],
      ['pricing', 'https://www.acme.example/pricing'],
      ['careers', 'https://acme.example/jobs/'],
      ['customers', 'https://www.acme.example/customers'],
      ['blog', 'https://www.acme.example/blog'],
      ['security', 'https://www.acme.example/security'],
    ]);
  });

  it("reads a linked FAQ (its questions are buyers' problems) before guessed paths fill the limit", () => {
    expect(kindOfPath('/faq')).toBe('faq');
    const home = pageFrom('<a href="/leadership">Leadership</a><a href="/help/faq">FAQ</a>', { url: 'https://acme.example/' });
    expect(planPages(home, DEFAULT_PAGE_PATHS, 3).map((page) => [page.kind, new URL(page.url).pathname])).toEqual([
      ['team', '/leadership'],
      ['faq', '/help/faq'],
      ['about', '/about'],
    ]);
  });

  it('stops at the limit, in the order pages are worth reading', () => {
    expect(planPages(links(), DEFAULT_PAGE_PATHS, 2).map((page) => page.kind)).toEqual(['about', 'customers']);
    expect(planPages(links(), ['/team', '/what-we-do'], 5).map((page) => new URL(page.url).pathname)).toEqual(['/team', '/what-we-do']);
  });

  it('reads a site served below a path relative to its folder', () => {
    expect(kindOfPath('/pipelinepilot/customers', '/pipelinepilot/')).toBe('customers');
    expect(kindOfPath('/en-us/pricing.html', '/en-us/')).toBe('pricing');
    expect(kindOfPath('/pipelinepilot/customers')).toBe('customers'); // the deepest segment that names a kind decides
    const home = { ...links(), url: 'https://example.com/acme/' };
    const plan = planPages(home, ['/careers'], 8);
    expect(plan.find((page) => page.kind === 'careers')?.url).toBe('https://example.com/acme/careers');
  });
});
