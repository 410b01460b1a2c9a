// `npm run bench [-- batch|journey|screen]`: each benchmark on fresh servers, one after the other
// (all three without an argument). Each prints its figures; none asserts.
const BENCHES = { batch: './prospect-batch.ts', journey: './campaign-journey.ts', screen: './prospects-screen.ts' } as const;
type Bench = keyof typeof BENCHES;

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}: choose among ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
for (const name of (asked.length > 0 ? asked : Object.keys(BENCHES)) as Bench[]) await import(BENCHES[name]);
