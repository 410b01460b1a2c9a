import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconFor, isKnownIcon } from './named-icon.tsx';

const pluginsDir = join(import.meta.dirname, '..', '..', '..', '..', 'plugins');

/** Every icon name a plugin's manifest (`ui: { icon: … }`) or activity line (`icon: …`) gives, read from its source. */
function pluginIconNames(): string[] {
  const names = new Set<string>();
  for (const plugin of readdirSync(pluginsDir)) {
    const src = join(pluginsDir, plugin, 'src');
    let files: string[];
    try {
      files = readdirSync(src).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    } catch {
      continue;
    }
    for (const file of files)
      for (const match of readFileSync(join(src, file), 'utf8').matchAll(/\bicon: '([a-z0-9-]+)'/g)) names.add(match[1]!);
  }
  return [...names].sort();
}

describe('named icons', () => {
  it('draws every icon the installed plugins name with its own icon, not the fallback', () => {
    const names = pluginIconNames();
    expect(names).toEqual(expect.arrayContaining(['search', 'gauge', 'mail-question', 'calendar-check', 'dollar-sign', 'brain']));
    expect(names.filter((name) => !isKnownIcon(name))).toEqual([]);
    for (const name of names) expect(iconFor(name)).not.toBe(iconFor(undefined));
  });

  it('falls back to one neutral icon for a name it does not know, whatever the name', () => {
    const fallback = iconFor(undefined);
    for (const name of ['no-such-icon', 'constructor', '__proto__', '']) {
      expect(isKnownIcon(name)).toBe(false);
      expect(iconFor(name)).toBe(fallback);
    }
    expect(iconFor(' Search ')).toBe(iconFor('search'));
  });
});
