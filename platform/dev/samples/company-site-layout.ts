// The page chrome of a sample company's site: one compact layout in the style of the bundled
// sample sites (platform/dev/samples/sites), with the company's tool tags in <head> and <body>.

/** Escapes text for HTML content and attribute values (names like "O'Keefe Freight"). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** One page's parts; `main` is HTML, everything else plain text unless named HTML. */
export interface PageParts {
  title: string;
  /** The meta description, home page only. */
  description?: string;
  companyName: string;
  /** Nav entries as [relative href, label]. */
  nav: ReadonlyArray<readonly [string, string]>;
  mainHtml: string;
  /** Tool tags for <head> and the end of <body> (HTML). */
  headHtml: readonly string[];
  bodyHtml: readonly string[];
  footerText: string;
}

const STYLE = `body{margin:0;font:16px/1.55 system-ui,sans-serif;color:#1d2433}
.site-header,main,footer{max-width:60rem;margin:0 auto;padding:1rem 1.5rem}
.site-header{display:flex;justify-content:space-between;align-items:center}
.site-header nav a{margin-left:1.25rem;color:inherit}.brand{font-weight:700;text-decoration:none;color:inherit}
.hero h1{font-size:2.2rem;line-height:1.2}.features ul{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1rem;padding:0;list-style:none}
footer{color:#5b6475;font-size:.9rem;border-top:1px solid #e3e6ec}`;

/** A whole HTML page from its parts. */
export function renderPage(parts: PageParts): string {
  const nav = parts.nav.map(([href, label]) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`).join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${escapeHtml(parts.title)}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta property="og:site_name" content="${escapeHtml(parts.companyName)}">
${parts.description ? `  <meta name="description" content="${escapeHtml(parts.description)}">\n` : ''}  <style>${STYLE}</style>
${parts.headHtml.map((tag) => `  ${tag}`).join('\n')}
</head>
<body>
  <header class="site-header">
    <a class="brand" href="./">${escapeHtml(parts.companyName)}</a>
    <nav aria-label="Main">${nav}</nav>
  </header>
  <main>
${parts.mainHtml}
  </main>
  <footer>
    <p>${escapeHtml(parts.footerText)}</p>
  </footer>
${parts.bodyHtml.map((tag) => `  ${tag}`).join('\n')}
</body>
</html>
`;
}
