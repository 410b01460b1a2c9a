// A text reduced to the set of its trigrams (runs of three characters), one bit each: whether a
// literal can be in the text is then a few lookups, not a search of it. A literal is in the text
// only if every one of its trigrams is, so the answer can be a false yes, never a false no. Seven
// bits per character (anything beyond ASCII shares code 0), three characters: 2^21 trigrams.
// Cases are kept: lower-case both sides for a case-insensitive answer.

const TRIGRAM_MASK = 2 ** 21 - 1;
const charCode = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return code < 128 ? code : 0;
};

/** The trigram codes of a literal (none when it is shorter than three characters). */
export function trigramsOf(literal: string): Int32Array {
  const codes = new Int32Array(Math.max(0, literal.length - 2));
  for (let at = 0; at + 2 < literal.length; at++)
    codes[at] = (charCode(literal, at) << 14) | (charCode(literal, at + 1) << 7) | charCode(literal, at + 2);
  return codes;
}

/** The trigrams of the texts added since it was last cleared. */
export class TrigramBitmap {
  private readonly bits = new Uint32Array((TRIGRAM_MASK + 1) / 32);

  clear(): void {
    this.bits.fill(0);
  }

  add(text: string): void {
    let code = 0;
    for (let at = 0; at < text.length; at++) {
      code = ((code << 7) | charCode(text, at)) & TRIGRAM_MASK;
      if (at >= 2) this.bits[code >>> 5]! |= 1 << (code & 31);
    }
  }

  has(code: number): boolean {
    return (this.bits[code >>> 5]! & (1 << (code & 31))) !== 0;
  }

  /** Whether every trigram of a literal (its trigramsOf) is there: false means the literal is not in the texts. */
  hasAll(codes: Int32Array): boolean {
    for (let at = 0; at < codes.length; at++) if (!this.has(codes[at]!)) return false;
    return true;
  }
}
