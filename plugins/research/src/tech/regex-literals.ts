// What text a regular expression cannot match without: for the technology prefilter
// (./prefilter.ts), which skips a fingerprint when a page lacks every literal its patterns need.
// The reading is conservative: anything it does not understand breaks a literal run or gives up
// (null), never the other way, so a literal it returns is in every match.

/** A run of required text is only worth checking from this length (a trigram). */
export const MIN_LITERAL = 3;

// A literal character the prefilter can compare lower-cased: printable ASCII. Under the `i`
// flag an ASCII pattern character matches only its two ASCII cases, so a lower-cased page holds
// it lower-cased wherever the regex matched; other characters break the run.
const comparable = (char: string) => char >= ' ' && char <= '~';

interface Atom {
  /** The one character the atom matches, when it is a literal. */
  char?: string;
  /** Runs the atom (a group) requires, when it always matches them. */
  runs: string[];
}

class Reader {
  at = 0;
  constructor(readonly source: string) {}
  peek(offset = 0) {
    return this.source[this.at + offset];
  }
  startsWith(text: string) {
    return this.source.startsWith(text, this.at);
  }
}

/** Skips an escape's payload after "\" + letter: \xHH, \uHHHH or \u{…}, \cX, \k<name>, back-references \12. */
function skipEscapePayload(reader: Reader, letter: string): void {
  const hex = (count: number) => new RegExp(`^[0-9a-fA-F]{${count}}`).test(reader.source.slice(reader.at, reader.at + count));
  if (letter === 'x' && hex(2)) reader.at += 2;
  else if (letter === 'u' && hex(4)) reader.at += 4;
  else if (letter === 'u' && reader.peek() === '{') reader.at = reader.source.indexOf('}', reader.at) + 1 || reader.source.length;
  else if (letter === 'c' && /[a-zA-Z]/.test(reader.peek() ?? '')) reader.at += 1;
  else if (letter === 'k' && reader.peek() === '<') reader.at = reader.source.indexOf('>', reader.at) + 1 || reader.source.length;
  else if (/\d/.test(letter)) while (/\d/.test(reader.peek() ?? '')) reader.at += 1;
}

/** The minimum repeat count of a quantifier at the reader (consumed, lazy `?` too), or null when there is none. */
function quantifier(reader: Reader): number | null {
  let min: number | null = null;
  const char = reader.peek();
  if (char === '*' || char === '?') min = 0;
  else if (char === '+') min = 1;
  if (min !== null) reader.at += 1;
  else {
    const braces = /^\{(\d+)(?:,\d*)?\}/.exec(reader.source.slice(reader.at));
    if (!braces) return null;
    min = Number(braces[1]);
    reader.at += braces[0].length;
  }
  if (reader.peek() === '?') reader.at += 1;
  return min;
}

/** One atom at the reader, or null when the source is not understood. */
function atom(reader: Reader): Atom | null {
  const char = reader.peek()!;
  reader.at += 1;
  if (char === '\\') {
    const next = reader.peek();
    if (next === undefined) return null;
    reader.at += 1;
    if (/[a-zA-Z0-9]/.test(next)) {
      skipEscapePayload(reader, next);
      return { runs: [] }; // a class (\d, \s), an assertion (\b), a control or a reference: not a literal
    }
    return { char: next, runs: [] };
  }
  if (char === '[') {
    // A character class: skipped to its closing bracket (in JavaScript "[]" and "[^]" are complete classes).
    if (reader.peek() === '^') reader.at += 1;
    while (reader.peek() !== undefined && reader.peek() !== ']') reader.at += reader.peek() === '\\' ? 2 : 1;
    if (reader.peek() !== ']') return null;
    reader.at += 1;
    return { runs: [] };
  }
  if (char === '(') {
    let lookaround = false;
    if (reader.startsWith('?:')) reader.at += 2;
    else if (reader.startsWith('?=') || reader.startsWith('?!')) ((reader.at += 2), (lookaround = true));
    else if (reader.startsWith('?<=') || reader.startsWith('?<!')) ((reader.at += 3), (lookaround = true));
    else if (reader.startsWith('?<')) reader.at = reader.source.indexOf('>', reader.at) + 1;
    const alternatives = alternation(reader, true);
    if (!alternatives || reader.peek() !== ')') return null;
    reader.at += 1;
    // A lookaround consumes nothing, and a group of alternatives requires none of them in particular.
    return { runs: lookaround || alternatives.length > 1 ? [] : alternatives[0]! };
  }
  if (char === '.' || char === '^' || char === '$') return { runs: [] };
  if (char === '|' || char === ')' || char === '*' || char === '+' || char === '?') return null;
  return { char, runs: [] }; // a plain character, "{", "}" and "]" included (literal where no quantifier is meant)
}

/** Per alternative up to the reader's end (or the group's ")"), the runs of text it requires. */
function alternation(reader: Reader, inGroup: boolean): string[][] | null {
  const alternatives: string[][] = [];
  let runs: string[] = [];
  let current = '';
  const flush = () => {
    if (current) runs.push(current);
    current = '';
  };
  while (reader.peek() !== undefined) {
    const char = reader.peek();
    if (char === ')' && inGroup) break;
    if (char === '|') {
      reader.at += 1;
      flush();
      alternatives.push(runs);
      runs = [];
      continue;
    }
    const read = atom(reader);
    if (!read) return null;
    const min = quantifier(reader);
    if (read.char !== undefined && comparable(read.char)) {
      if (min === 0) flush();
      else {
        current += read.char.toLowerCase();
        if (min !== null) flush(); // "a+" requires one "a", and what follows need not touch it
      }
      continue;
    }
    flush();
    if (min !== 0) runs.push(...read.runs);
  }
  flush();
  alternatives.push(runs);
  return alternatives;
}

/**
 * Lower-cased literals, one per top-level alternative of `source` (a regular expression matched
 * case-insensitively), at least one of which every match contains: each alternative's longest
 * required run. Null when some alternative has no run of {@link MIN_LITERAL} characters or the
 * source is not understood: then anything may match.
 */
export function regexLiterals(source: string): string[] | null {
  const reader = new Reader(source);
  const alternatives = alternation(reader, false);
  if (!alternatives || reader.at !== source.length) return null;
  const literals: string[] = [];
  for (const runs of alternatives) {
    const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
    if (longest.length < MIN_LITERAL) return null;
    literals.push(longest);
  }
  return literals;
}
