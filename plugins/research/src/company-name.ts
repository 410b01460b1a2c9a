import type { ParsedPage } from './page.ts';

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The company's name as its home page gives it: og:site_name or application-name, else the
 * part of the title that matches the domain (or the title's first part), else the domain.
 */
export function companyNameOf(home: ParsedPage): string {
  const declared = home.meta.get('og:site_name')?.[0]?.trim() || home.meta.get('application-name')?.[0]?.trim();
  if (declared) return declared;
  const domainLabel = new URL(home.url).hostname.replace(/^www\./, '').split('.')[0] ?? '';
  const parts = home.title
    .split(/\s+[|–—:·-]\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const label = squash(domainLabel);
  // "Brightforge" on brightforgemetals.com: one starts the other, and neither is a stray word.
  const matching = parts.find(
    (part) => squash(part) === label || (squash(part).length >= 5 && (label.startsWith(squash(part)) || squash(part).startsWith(label))),
  );
  if (matching) return matching;
  if (parts[0] && parts[0].length <= 60) return parts[0];
  return domainLabel.charAt(0).toUpperCase() + domainLabel.slice(1);
}
