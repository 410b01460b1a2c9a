/**
 * The one filter for links made from data (a fact's evidence, a meeting's video call, a profile
 * link): the address when it is a web page (http or https), else null, and the caller shows the
 * text without a link. So javascript:, data:, vbscript: or file: addresses never become clickable.
 */
export function webAddress(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
