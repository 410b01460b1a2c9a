import type { VersionDiff } from '../api/get-version-diff.ts';

type DiffCounts = Pick<VersionDiff, 'nodes' | 'edges'>;

/** "1 step added, 2 changed": the counts that are not zero, the noun said once and agreeing with the first. */
function countsText(noun: string, counts: Array<[number, string]>): string[] {
  return counts
    .filter(([count]) => count > 0)
    .map(([count, what], index) => (index === 0 ? `${count} ${noun}${count === 1 ? '' : 's'} ${what}` : `${count} ${what}`));
}

/** True when two versions differ in any step or edge. */
export function hasChanges({ nodes, edges }: DiffCounts): boolean {
  return [nodes.added, nodes.changed, nodes.removed, edges.added, edges.removed].some((list) => list.length > 0);
}

/** What a diff comes to in a few words, e.g. "2 steps added, 1 changed, 1 edge removed"; "No changes" when the versions are the same. */
export function diffSummary({ nodes, edges }: DiffCounts): string {
  const parts = [
    ...countsText('step', [
      [nodes.added.length, 'added'],
      [nodes.changed.length, 'changed'],
      [nodes.removed.length, 'removed'],
    ]),
    ...countsText('edge', [
      [edges.added.length, 'added'],
      [edges.removed.length, 'removed'],
    ]),
  ];
  return parts.length > 0 ? parts.join(', ') : 'No changes';
}
