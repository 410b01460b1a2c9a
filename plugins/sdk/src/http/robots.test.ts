import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedHttpClient } from './client.ts';
import { robotsAllows } from './robots.ts';
import { isAllowedByRobots, parseRobots } from './robots-rules.ts';
import { closedPort, startTestServer, type TestServer } from './test-server.ts';

const ROBOTS = `
# comments and unknown lines are ignored
Sitemap: https://example.com/sitemap.xml
User-agent: Googlebot
Disallow: /

User-agent: MeetflowBot
User-agent: OtherBot
Disallow: /private/
Allow: /private/press-kit
Disallow: /*.pdf$

User-agent: *
Disallow: /admin
`;

describe('robots.txt rules', () => {
  const groups = parseRobots(ROBOTS);
  const allows = (path: string, agent = 'MeetflowBot/0.1 (+https://meetflow.dev/bot)') => isAllowedByRobots(groups, agent, path);

  it('applies the group naming the product token, case-insensitively', () => {
    expect(allows('/private/plans')).toBe(false);
    expect(allows('/private/plans', 'meetflowbot')).toBe(false);
    expect(allows('/admin')).toBe(true);
    expect(allows('/admin', 'SomeCrawler/2.0')).toBe(false);
    expect(allows('/about', 'Googlebot/2.1')).toBe(false);
  });

  it('lets the longest matching rule win, allow on a tie', () => {
    expect(allows('/private/press-kit/logo.svg')).toBe(true);
    expect(isAllowedByRobots(parseRobots('User-agent: *\nDisallow: /a\nAllow: /a'), 'x', '/a')).toBe(true);
  });

  it('understands * and $', () => {
    expect(allows('/docs/guide.pdf')).toBe(false);
    expect(allows('/docs/guide.pdf?download=1')).toBe(true);
  });

  it('allows everything when nothing applies, and always /robots.txt', () => {
    expect(isAllowedByRobots([], 'x', '/anything')).toBe(true);
    expect(isAllowedByRobots(parseRobots('User-agent: *\nDisallow: /'), 'x', '/robots.txt')).toBe(true);
    expect(isAllowedByRobots(parseRobots('Disallow: /\nUser-agent: *\nDisallow:'), 'x', '/page')).toBe(true);
  });
});

describe('robotsAllows', () => {
  let server: TestServer;
  let failing: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      '/robots.txt': (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS),
    });
    failing = await startTestServer({ '/robots.txt': (_request, response) => response.writeHead(503).end() });
  });
  afterAll(async () => {
    await server.close();
    await failing.close();
  });

  it('reads robots.txt once per origin per client and applies it', async () => {
    const http = createGuardedHttpClient({ allowHosts: [server.host] });
    expect(await robotsAllows(http, `${server.origin}/private/roadmap`)).toBe(false);
    expect(await robotsAllows(http, `${server.origin}/pricing`)).toBe(true);
    expect(server.requests.filter((path) => path === '/robots.txt')).toHaveLength(1);
    await robotsAllows(createGuardedHttpClient({ allowHosts: [server.host] }), `${server.origin}/pricing`);
    expect(server.requests.filter((path) => path === '/robots.txt')).toHaveLength(2);
  });

  it('allows everything when robots.txt is missing or unreachable', async () => {
    const missing = await startTestServer();
    const port = await closedPort();
    const http = createGuardedHttpClient({ allowHosts: [missing.host, `127.0.0.1:${port}`] });
    expect(await robotsAllows(http, `${missing.origin}/private/x`)).toBe(true);
    expect(await robotsAllows(http, `http://127.0.0.1:${port}/private/x`)).toBe(true);
    await missing.close();
  });

  it('treats a robots.txt that answers a server error as unreachable', async () => {
    const http = createGuardedHttpClient({ allowHosts: [failing.host] });
    expect(await robotsAllows(http, `${failing.origin}/about`)).toBe(true);
  });

  it('does not let a URL that does not parse through', async () => {
    expect(await robotsAllows(createGuardedHttpClient(), 'not a url')).toBe(false);
  });
});
