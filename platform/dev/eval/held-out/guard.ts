// The held-out set stays held out: no commit may change an extractor and the held-out set (its
// fixtures or its generator) together, since that is what tuning on it looks like. guard.test.ts
// applies the rule to the repository's history.
import { execFileSync } from 'node:child_process';

/** Files whose change alters what the ICP extractors and the copywriter read or write. */
export const EXTRACTOR_PATHS: readonly RegExp[] = [/^plugins\/research\/src\//, /^plugins\/outreach\/src\//];
/** The held-out set: its committed fixtures and the generator that wrote them. */
export const HELD_OUT_PATHS: readonly RegExp[] = [/^plugins\/research\/fixtures\/held-out\//, /^platform\/dev\/eval\/held-out\//];

/** One commit of `git log --name-only` as read back. */
export interface LoggedCommit {
  hash: string;
  subject: string;
  files: string[];
}

/** The `git log` format `parseLog` reads: a record separator, the hash and subject, then the files. */
export const LOG_FORMAT = '%x1e%H %s';

/** Reads the output of `git log --name-only --format=${LOG_FORMAT}`. */
export function parseLog(log: string): LoggedCommit[] {
  return log
    .split('\x1e')
    .filter((record) => record.trim() !== '')
    .map((record) => {
      const [header = '', ...files] = record.split('\n');
      const space = header.indexOf(' ');
      return {
        hash: space < 0 ? header : header.slice(0, space),
        subject: space < 0 ? '' : header.slice(space + 1),
        files: files.map((file) => file.trim()).filter(Boolean),
      };
    });
}

/** The commits that change both an extractor file and the held-out set, each with those files. */
export function mixedCommits(commits: readonly LoggedCommit[]): string[] {
  return commits.flatMap((commit) => {
    const extractors = commit.files.filter((file) => EXTRACTOR_PATHS.some((path) => path.test(file)));
    const heldOut = commit.files.filter((file) => HELD_OUT_PATHS.some((path) => path.test(file)));
    return extractors.length > 0 && heldOut.length > 0
      ? [`${commit.hash.slice(0, 12)} "${commit.subject}" changes ${extractors[0]} and ${heldOut[0]}`]
      : [];
  });
}

/** The repository's history as this clone has it, and whether the clone is shallow. */
export function readHistory(cwd: string): { commits: LoggedCommit[]; shallow: boolean } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const shallow = git('rev-parse', '--is-shallow-repository').trim() === 'true';
  // --no-renames: a file moved out of the held-out set counts as a change to it.
  const commits = parseLog(git('log', '--name-only', '--no-renames', `--format=${LOG_FORMAT}`));
  return { commits, shallow };
}
