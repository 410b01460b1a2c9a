import {
  DEFAULT_USER_AGENT,
  robotsAllows,
  type ActivityContext,
  type HttpClient,
  type HttpResponse,
  type Logger,
} from '@meetflow/plugin-sdk';
import type { PageVisit } from './manifest.ts';
import { parsePage, type ParsedPage } from './page.ts';
import { planPages } from './page-plan.ts';
import { homeDisallowed, homeRequestFailure, homeStatusFailure } from './site-failure.ts';

/** How much of a site to read. */
export interface CrawlOptions {
  maxPages: number;
  pagePaths: readonly string[];
  respectRobots: boolean;
}

/** The pages read (parsed) and every page tried, successful or not. */
export interface CrawlResult {
  pages: ParsedPage[];
  visits: PageVisit[];
}

interface CrawlDeps {
  http: HttpClient;
  logger: Logger;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

async function allowed(http: HttpClient, url: string, options: CrawlOptions): Promise<boolean> {
  return !options.respectRobots || robotsAllows(http, url, DEFAULT_USER_AGENT);
}

/** Reads the home page, or fails the research as SiteUnreachable (or transiently, to be retried). */
async function readHome(website: string, options: CrawlOptions, deps: CrawlDeps): Promise<{ home: ParsedPage; visit: PageVisit }> {
  if (!(await allowed(deps.http, website, options))) throw homeDisallowed(website);
  let response: HttpResponse;
  try {
    response = await deps.http.request(website, { accept: 'html' });
  } catch (error) {
    throw homeRequestFailure(website, error);
  }
  if (!isSuccess(response.status)) throw homeStatusFailure(website, response.status);
  return { home: parsePage(response, 'home'), visit: { url: response.url, status: response.status, ok: true } };
}

/**
 * Reads the home page and up to `maxPages - 1` more pages of the same site, one at a time,
 * heartbeating after each. robots.txt is honoured when configured (a disallowed page is not
 * fetched and not listed); a page that fails is listed with ok false and the crawl goes on.
 */
export async function crawlSite(website: string, options: CrawlOptions, deps: CrawlDeps, context: ActivityContext): Promise<CrawlResult> {
  const { home, visit } = await readHome(website, options, deps);
  const pages = [home];
  const visits = [visit];
  const plan = planPages(home, options.pagePaths, options.maxPages - 1);
  context.heartbeat({ read: home.url, done: 1, planned: plan.length + 1 });
  for (const [index, planned] of plan.entries()) {
    // A cancelled activity stops between pages rather than reading the rest of the site.
    if (context.signal.aborted) throw context.signal.reason instanceof Error ? context.signal.reason : new Error('research cancelled');
    if (!(await allowed(deps.http, planned.url, options))) {
      deps.logger.info({ url: planned.url }, 'robots.txt disallows this page; not read');
      continue;
    }
    try {
      const response = await deps.http.request(planned.url, { accept: 'html' });
      const ok = isSuccess(response.status);
      visits.push({ url: response.url, status: response.status, ok });
      // A path that redirects to a page already read adds nothing new.
      if (ok && !pages.some((page) => page.url === response.url)) pages.push(parsePage(response, planned.kind));
    } catch (error) {
      deps.logger.warn({ url: planned.url, error: error instanceof Error ? error.message : String(error) }, 'page not read');
      visits.push({ url: planned.url, status: 0, ok: false });
    }
    context.heartbeat({ read: planned.url, done: index + 2, planned: plan.length + 1 });
  }
  return { pages, visits };
}
