import nlp from 'compromise';

/** One word as compromise reads it: its text, its part-of-speech tags and what follows it (spaces, punctuation). */
export interface Term {
  readonly text: string;
  readonly tags: readonly string[];
  readonly post: string;
}

/** A text's sentences, each with its terms in order. Shared between the rules that read it: never changed. */
export type Sentences = ReadonlyArray<{ readonly terms: readonly Term[] }>;

let scope: Map<string, Sentences> | undefined;

/**
 * compromise's reading of a text. Inside `withSentenceCache` (one company's extraction) a text the
 * rules ask about again — a pain point's candidate read by several rules, a title read for its
 * words and its seniority — is parsed once; outside it, every call parses.
 */
export function sentencesOf(text: string): Sentences {
  const cached = scope?.get(text);
  if (cached) return cached;
  const sentences = nlp(text).json() as Sentences;
  scope?.set(text, sentences);
  return sentences;
}

/** A text's terms across its sentences. */
export const termsOf = (text: string): readonly Term[] => sentencesOf(text).flatMap((sentence) => sentence.terms);

/**
 * Runs a synchronous extraction with a cache of the texts it parses, dropped when it returns: what
 * one company's pages say is parsed once, and nothing is kept from one company to the next.
 */
export function withSentenceCache<T>(extract: () => T): T {
  const outer = scope;
  scope = outer ?? new Map();
  try {
    return extract();
  } finally {
    scope = outer;
  }
}
