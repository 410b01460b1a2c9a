/** The match badge's look by score (spec section 2): 80+ strongest, 60–79 medium, below 60 outline. */
export function matchBadgeClass(matchScore: number): string {
  if (matchScore >= 80) return 'badge-primary';
  if (matchScore >= 60) return 'badge-primary badge-soft';
  return 'badge-outline';
}

/**
 * The match reason cut into its clauses ("Job title: …", "Missed company size: …", "Pain
 * points: …") so each reads on its own line. Only the spaces between clauses are dropped: the
 * clauses rejoined with spaces are the reason as the API wrote it.
 */
export function reasonClauses(matchReason: string): string[] {
  return matchReason.split(/(?<=[.;])\s+(?=[A-Z][A-Za-z ]*: )/).filter((clause) => clause !== '');
}
