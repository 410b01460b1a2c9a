import { useCallback, useState } from 'react';
import { MAX_URLS, MIN_URLS } from '../utils/url-limits.ts';

/** One URL field; the id keeps React's keys (and focus) stable when an earlier field is removed. */
export interface UrlField {
  id: number;
  value: string;
}

let nextFieldId = 1;
const field = (value = ''): UrlField => ({ id: nextFieldId++, value });
const blankFields = (count: number) => Array.from({ length: Math.max(0, count) }, () => field());

/**
 * The ICP Builder's list of URL fields (spec section 5): starts with 3, at most 10, and a field
 * can be removed only while more than 3 exist.
 */
export function useUrlFields() {
  const [fields, setFields] = useState<UrlField[]>(() => blankFields(MIN_URLS));

  const add = useCallback(() => setFields((current) => (current.length < MAX_URLS ? [...current, field()] : current)), []);
  const remove = useCallback(
    (id: number) => setFields((current) => (current.length > MIN_URLS ? current.filter((candidate) => candidate.id !== id) : current)),
    [],
  );
  const update = useCallback(
    (id: number, value: string) =>
      setFields((current) => current.map((candidate) => (candidate.id === id ? { ...candidate, value } : candidate))),
    [],
  );
  /** Replaces every field with these URLs, padded with blank fields to the minimum. */
  const fill = useCallback((urls: readonly string[]) => {
    const filled = urls.slice(0, MAX_URLS).map((url) => field(url));
    setFields([...filled, ...blankFields(MIN_URLS - filled.length)]);
  }, []);

  return {
    fields,
    add,
    remove,
    update,
    fill,
    canAdd: fields.length < MAX_URLS,
    canRemove: fields.length > MIN_URLS,
  };
}
