/** How much one matched rule counts towards its category: decisive, clear, or only suggestive. */
export const WEIGHT = { strong: 2, medium: 1, weak: 0.5 } as const;

/** What one scheduling phrase adds to meetingIntent (combined as 1 − Π(1 − w)). */
export const INTENT = { strong: 0.6, weak: 0.3 } as const;
