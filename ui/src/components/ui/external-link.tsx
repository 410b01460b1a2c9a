import { webAddress } from '../../lib/web-address.ts';

/**
 * An address that came from data (a researched fact's evidence), shown as itself: a link opening
 * in a new tab when it is a web page, else plain text, so a javascript: or data: address read from
 * a page or an API is never clickable (webAddress is the one filter).
 */
export function ExternalLink({ url, className = '' }: { url: string; className?: string }) {
  const href = webAddress(url);
  if (!href) return <span className={`${className} text-base-content/60`}>{url}</span>;
  return (
    <a className={`link ${className}`} href={href} target="_blank" rel="noopener noreferrer">
      {url}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
