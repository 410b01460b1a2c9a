// robots.txt as RFC 9309 defines it: groups of user-agent lines followed by allow/disallow
// rules; the most specific (longest) matching rule wins and allow wins a tie.

/** One allow or disallow line. */
export interface RobotsRule {
  allow: boolean;
  /** The path pattern as written ("/private/", "/*.pdf$"). */
  pattern: string;
}

/** The user agents a group names (lower-cased) and its rules. */
export interface RobotsGroup {
  agents: string[];
  rules: RobotsRule[];
}

/** Parses robots.txt text into groups; unknown lines and rules outside a group are ignored. */
export function parseRobots(text: string): RobotsGroup[] {
  const groups: RobotsGroup[] = [];
  let current: RobotsGroup | undefined;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = (rawLine.split('#')[0] ?? '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      // Consecutive user-agent lines share one group; a user-agent after rules starts the next.
      if (!current || current.rules.length > 0) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
    } else if ((key === 'allow' || key === 'disallow') && current && value) {
      current.rules.push({ allow: key === 'allow', pattern: value });
    }
  }
  return groups;
}

/** The product token robots.txt groups are matched against: "MeetflowBot" in "MeetflowBot/0.1 (…)". */
export function productToken(userAgent: string): string {
  return (/^[A-Za-z_-]+/.exec(userAgent.trim())?.[0] ?? userAgent).toLowerCase();
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = safeDecode(anchored ? pattern.slice(0, -1) : pattern);
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`).test(path);
}

/**
 * Whether `pathAndQuery` may be crawled by `userAgent`: the groups naming its product token
 * apply (merged), else the "*" groups, else everything is allowed.
 */
export function isAllowedByRobots(groups: readonly RobotsGroup[], userAgent: string, pathAndQuery: string): boolean {
  const token = productToken(userAgent);
  let applicable = groups.filter((group) => group.agents.includes(token));
  if (applicable.length === 0) applicable = groups.filter((group) => group.agents.includes('*'));
  const path = safeDecode(pathAndQuery);
  if (path === '/robots.txt') return true;
  let best: RobotsRule | undefined;
  for (const rule of applicable.flatMap((group) => group.rules)) {
    if (!patternMatches(rule.pattern, path)) continue;
    const longer = !best || rule.pattern.length > best.pattern.length;
    const tieWonByAllow = best && rule.pattern.length === best.pattern.length && rule.allow && !best.allow;
    if (longer || tieWonByAllow) best = rule;
  }
  return best ? best.allow : true;
}
