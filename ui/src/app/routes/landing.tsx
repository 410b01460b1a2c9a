/** /: the public landing page (spec section 2). Being built. */
export function LandingRoute() {
  return <main><h1>Meetflow</h1></main>;
}
