import { useEffect, useRef, useState } from 'react';
import { useDebounced } from '../../../lib/use-debounced.ts';

/**
 * A text field whose value lives in the URL: what is typed shows at once and reaches the URL
 * (`commit`, once per settled value) when typing pauses; when the URL moves on its own (the back
 * button, a link), the field follows it.
 */
export function useUrlDraft(value: string, commit: (next: string) => void): [string, (next: string) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const sent = useRef(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
    sent.current = value;
  }
  const settled = useDebounced(draft);
  useEffect(() => {
    // A draft the URL just replaced has not settled (settled !== draft): it is not sent back.
    if (settled !== draft || settled === value || settled === sent.current) return;
    sent.current = settled;
    commit(settled);
  }, [settled, draft, value, commit]);
  return [draft, setDraft];
}
