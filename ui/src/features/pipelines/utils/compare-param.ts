/** Two versions of a pipeline to compare, the older first. */
export interface ComparedVersions {
  from: number;
  to: number;
}

const positiveWhole = (value: string | null): number | undefined => {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 1 ? number : undefined;
};

/**
 * The `?from=A&to=B` a pipeline page compares, the older first whichever way round they came;
 * undefined when either is missing or not a positive whole number, or both are the same version.
 */
export function compareParam(params: URLSearchParams): ComparedVersions | undefined {
  const [a, b] = [positiveWhole(params.get('from')), positiveWhole(params.get('to'))];
  if (a === undefined || b === undefined || a === b) return undefined;
  return { from: Math.min(a, b), to: Math.max(a, b) };
}

/** The search part of a pipeline page's URL that compares two versions, the older first. */
export const compareSearch = (a: number, b: number): string => `?from=${Math.min(a, b)}&to=${Math.max(a, b)}`;
