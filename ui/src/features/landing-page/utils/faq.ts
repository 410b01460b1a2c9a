/** The FAQ accordion's rule (spec section 4): one item open or none; clicking the open one closes it. */
export function toggleFaq(open: number | null, clicked: number): number | null {
  return open === clicked ? null : clicked;
}
