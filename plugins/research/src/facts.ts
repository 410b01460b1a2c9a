import type { Fact } from '@meetflow/plugin-sdk';
import { clip } from './evidence.ts';

/** The kinds of fact research produces (see FactSchema). */
export type FactKind =
  | 'description'
  | 'industry'
  | 'employees'
  | 'revenue'
  | 'location'
  | 'founded'
  | 'product'
  | 'customer'
  | 'pain-point'
  | 'value'
  | 'tech'
  | 'funding'
  | 'hiring'
  | 'contact'
  | 'social'
  | 'role';

// Id prefixes are short and readable: "pain-2", "tech-stripe".
const ID_PREFIX: Partial<Record<FactKind, string>> = { 'pain-point': 'pain' };

/** A fact before it gets its id. */
export interface FactDraft {
  kind: FactKind;
  value: string;
  url: string;
  snippet: string;
  confidence: number;
  /** A readable id suffix ("stripe"); numbered per kind ("funding-1") when absent. */
  key?: string;
  /** The one fact of its kind: its id is the kind's prefix alone ("industry"). */
  single?: boolean;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Gives drafts stable, readable ids, drops those under `minConfidence` and repeats of a fact
 * already kept (same kind and value), and clips evidence to the schema's limit.
 */
export function assembleFacts(drafts: readonly FactDraft[], minConfidence: number): Fact[] {
  const facts: Fact[] = [];
  const seenValues = new Set<string>();
  const seenIds = new Set<string>();
  const counters = new Map<string, number>();
  for (const draft of drafts) {
    const value = draft.value.trim();
    const snippet = clip(draft.snippet);
    const identity = `${draft.kind}:${value.toLowerCase()}`;
    if (draft.confidence < minConfidence || !value || !snippet || seenValues.has(identity)) continue;
    seenValues.add(identity);
    const prefix = ID_PREFIX[draft.kind] ?? draft.kind;
    let id = draft.single ? prefix : draft.key ? `${prefix}-${draft.key}` : '';
    if (!id || seenIds.has(id)) {
      const next = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, next);
      id = `${prefix}-${next}`;
    }
    seenIds.add(id);
    facts.push({ id, kind: draft.kind, value, evidence: { url: draft.url, snippet }, confidence: round2(Math.min(1, draft.confidence)) });
  }
  return facts;
}
