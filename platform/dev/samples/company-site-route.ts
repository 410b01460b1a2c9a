// /companies/<domain>/…: the sites of the sample prospect companies. A company is regenerated
// from its domain (the index is the part after the last "-", base 36) with the sample
// database's defaults, so serving needs no database and always matches the stored rows.
import { defaultSampleCompany, type GeneratedCompany } from '@meetflow/plugin-source-sample/generator';
import { COMPANY_SITES_PREFIX, renderCompanySite, type CompanySite } from './company-site.ts';

/** A response to write. */
export interface SiteResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const HTML = 'text/html; charset=utf-8';
const NOT_FOUND: SiteResponse = {
  status: 404,
  headers: { 'content-type': HTML },
  body: '<!DOCTYPE html><title>Not found</title><h1>Not found</h1>',
};
// Eight base-36 digits reach 2.8 trillion companies: any longer suffix cannot be a sample index.
const SAMPLE_DOMAIN = /^[a-z0-9-]+-([0-9a-z]{1,8})\.example$/;

/** The generated company whose domain this is, or null when no sample company has it. */
export function sampleCompanyOfDomain(domain: string): GeneratedCompany | null {
  const suffix = SAMPLE_DOMAIN.exec(domain)?.[1];
  if (!suffix) return null;
  const generated = defaultSampleCompany(Number.parseInt(suffix, 36));
  return generated.company.domain === domain ? generated : null;
}

/**
 * The answer to a request for `pathname` under /companies/, or null when the path is not
 * there (the static sites answer it). A site's folder without its slash redirects, the way
 * folders of the static sites do, so its relative links resolve inside it.
 */
export function companySiteResponse(pathname: string): SiteResponse | null {
  if (!pathname.startsWith(COMPANY_SITES_PREFIX)) return null;
  const [domain = '', ...rest] = pathname.slice(COMPANY_SITES_PREFIX.length).split('/');
  const generated = sampleCompanyOfDomain(domain);
  if (!generated) return NOT_FOUND;
  if (rest.length === 0) return { status: 301, headers: { location: `${COMPANY_SITES_PREFIX}${domain}/` }, body: '' };
  return companySitePageResponse(renderCompanySite(generated), rest.join('/'));
}

/** The response for a path below a company site's folder: '' or "index.html" is its home page, "about" or "about.html" a page. */
export function companySitePageResponse(site: CompanySite, path: string): SiteResponse {
  // Every page may be read: sample sites exist to be researched.
  if (path === 'robots.txt')
    return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'User-agent: *\nDisallow:\n' };
  const page = path.replace(/\.html$/, '');
  const body = site.pages.get(page === 'index' ? '' : page);
  return body === undefined ? NOT_FOUND : { status: 200, headers: { ...site.headers, 'content-type': HTML }, body };
}
