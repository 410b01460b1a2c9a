import type { ProofPoint } from '../offer.ts';
import { inline } from '../variety.ts';

// Words that may start a proof and read fine lower-cased after "To give you a sense,".
const ORDINARY_START = /^(?:The|Our|One|Teams|Customers|Clients|Most|Every|Our|We|A|An)\b/;

/**
 * Sentences citing one of the team's proof points, as the team wrote it: never reworded beyond
 * a lead-in, so no result is overstated.
 */
export function proofLines(proof: ProofPoint): string[] {
  const text = `${inline(proof.text)}.`;
  const lowered = ORDINARY_START.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
  return [
    text,
    `As an example, ${lowered}`,
    `To give you a sense, ${lowered}`,
    `For what it's worth, ${lowered}`,
    `One recent example: ${text}`,
    `A result we are proud of: ${text}`,
  ];
}
