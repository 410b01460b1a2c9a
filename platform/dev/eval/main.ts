// `npm run eval [-- icp|copy] [-- --verbose]`: measures the product's generalisation on labelled
// fixture sites nobody tuned it for and prints the figures; `<section>-eval.test.ts` asserts the targets.
// Each section is one measurement; with no section named, all of them run.
import { copyReport, runCopyEval } from './copy-eval.ts';
import { icpReport, runIcpEval } from './icp-eval.ts';

const SECTIONS = {
  icp: async (verbose: boolean) => icpReport(await runIcpEval(), { verbose }),
  copy: async (verbose: boolean) => copyReport(await runCopyEval(), { verbose }),
} satisfies Record<string, (verbose: boolean) => Promise<string[]>>;
type Section = keyof typeof SECTIONS;

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const asked = args.filter((arg) => !arg.startsWith('--'));
const unknown = asked.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(`unknown eval section ${unknown.join(', ')}: choose among ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}
for (const name of (asked.length > 0 ? asked : Object.keys(SECTIONS)) as Section[]) console.log((await SECTIONS[name](verbose)).join('\n'));
