/** What the platform's check says of the draft on screen. */
export interface CheckState {
  /** True while the draft on screen has not been checked yet. */
  checking: boolean;
  /** True when it was checked and has no problem. */
  valid: boolean;
  problems: number;
}

/** Why the check holds the draft back (still checking, problems, no answer), or null when it does not. */
function heldByCheck({ checking, valid, problems }: CheckState): string | null {
  if (checking) return 'Checking the draft…';
  if (!valid)
    return problems > 0 ? `Fix the ${problems === 1 ? 'problem' : `${problems} problems`} first` : 'The draft could not be checked';
  return null;
}

/** Why Save cannot be pressed yet, or null when it can: nothing changed, the id is another pipeline's, or the check holds it. */
export function saveBlockedBecause(dirty: boolean, taken: boolean, check: CheckState): string | null {
  if (!dirty) return 'Nothing has changed since the last save';
  if (taken) return 'Another pipeline has this id: choose another';
  return heldByCheck(check);
}

/** Why Test run cannot be pressed yet, or null when it can: the check holds the draft, or a test run is starting. */
export function testRunBlockedBecause(starting: boolean, check: CheckState): string | null {
  return heldByCheck(check) ?? (starting ? 'A test run is starting…' : null);
}
