import type { Condition } from '../api/types.ts';

const OPERATOR: Record<Condition['op'], string> = {
  eq: '=',
  ne: '≠',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  exists: 'exists',
  in: 'in',
};

/** A condition as people read it: `score.totalScore ≥ 70`, `research.funding exists`. */
export function formatCondition(condition: Condition): string {
  if (condition.op === 'exists') return `${condition.path} exists`;
  return `${condition.path} ${OPERATOR[condition.op]} ${JSON.stringify(condition.value)}`;
}
