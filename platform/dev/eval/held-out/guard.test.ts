import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../src/core/paths.ts';
import { LOG_FORMAT, mixedCommits, parseLog, readHistory } from './guard.ts';

// A fake `git log --name-only --format=${LOG_FORMAT}`: commits in the order git prints them.
const fakeLog = (...commits: Array<[hash: string, subject: string, files: string[]]>) =>
  commits.map(([hash, subject, files]) => `\x1e${hash} ${subject}\n\n${files.join('\n')}\n`).join('');

describe('the held-out guard’s rule', () => {
  it('refuses a commit that changes an extractor and a held-out fixture', () => {
    const log = fakeLog([
      'a1b2c3d4e5f6a7b8',
      'Tune titles',
      ['plugins/research/src/icp/titles.ts', 'plugins/research/fixtures/held-out/labels.json'],
    ]);
    expect(mixedCommits(parseLog(log))).toEqual([
      'a1b2c3d4e5f6 "Tune titles" changes plugins/research/src/icp/titles.ts and plugins/research/fixtures/held-out/labels.json',
    ]);
  });

  it('refuses one that changes the copywriter and the generator', () => {
    const log = fakeLog([
      'ffff0000ffff0000',
      'Both',
      ['platform/dev/eval/held-out/site.ts', 'plugins/outreach/src/writer.ts', 'README.md'],
    ]);
    expect(mixedCommits(parseLog(log))).toHaveLength(1);
  });

  it('lets each change alone, and the development set beside an extractor', () => {
    const log = fakeLog(
      ['1111', 'Extractor', ['plugins/research/src/evidence.ts', 'plugins/research/fixtures/icp-eval/labels.json']],
      ['2222', 'Held-out set', ['plugins/research/fixtures/held-out/labels.json', 'platform/dev/eval/held-out/generate.ts']],
      ['3333', 'A merge lists no files', []],
      ['4444', 'Harness', ['platform/dev/eval/icp-eval.ts', 'plugins/research/src-old/x.ts', 'plugins/research/fixtures/held-outside/x']],
    );
    const commits = parseLog(log);
    expect(commits.map((commit) => commit.files.length)).toEqual([2, 2, 0, 3]);
    expect(mixedCommits(commits)).toEqual([]);
  });

  it('reads hashes and subjects with spaces from the log format', () => {
    const [commit] = parseLog(fakeLog(['abc123', 'A subject: with spaces', ['a.ts']]));
    expect(commit).toEqual({ hash: 'abc123', subject: 'A subject: with spaces', files: ['a.ts'] });
  });
});

describe('the repository’s history', () => {
  it('has no commit that changes an extractor and the held-out set together', () => {
    const { commits, shallow } = readHistory(repoRoot);
    const scope = shallow
      ? `this clone is shallow: only its ${commits.length} commits were checked (fetch the full history to check them all)`
      : `all ${commits.length} commits checked`;
    expect(commits.length, scope).toBeGreaterThan(0);
    expect(
      mixedCommits(commits),
      `${scope}; the held-out set must never change with an extractor (plugins/research/fixtures/held-out/README.md)`,
    ).toEqual([]);
  });
});
