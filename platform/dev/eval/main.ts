// `npm run eval [-- icp|copy] [-- --verbose] [-- --dev-only]`: measures the product on labelled
// fixture sites and prints the figures; `<section>-eval.test.ts` asserts the targets. The ICP
// section measures both sets, each field: the development set (in-sample: written together with the
// extractors) and the held-out set (generated without reading them, never used to tune);
// `--dev-only` measures the development set alone (while tuning: the held-out figure is taken once,
// at the end). The copy section runs on the development set. Each section is one measurement; with
// no section named, all of them run.
import { copyReport, runCopyEval } from './copy-eval.ts';
import { DEVELOPMENT_SET, HELD_OUT_SET, icpReport, runIcpEval } from './icp-eval.ts';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const devOnly = args.includes('--dev-only');
const FLAGS = ['--verbose', '--dev-only'];
const unknownFlags = args.filter((arg) => arg.startsWith('--') && !FLAGS.includes(arg));
if (unknownFlags.length > 0) {
  console.error(`unknown eval flag ${unknownFlags.join(', ')}: choose among ${FLAGS.join(', ')}`);
  process.exit(2);
}
const SECTIONS = {
  icp: async (verbose: boolean) => [
    ...icpReport(await runIcpEval(DEVELOPMENT_SET), { verbose }),
    // The held-out set's misses are never printed: reading them is how a set stops being held out.
    ...(devOnly
      ? ['  (held-out set not measured: --dev-only)']
      : [
          ...icpReport(await runIcpEval(HELD_OUT_SET)),
          ...(verbose ? ['  (its misses are not printed: never tune on the held-out set)'] : []),
        ]),
  ],
  copy: async (verbose: boolean) => copyReport(await runCopyEval(), { verbose }),
} satisfies Record<string, (verbose: boolean) => Promise<string[]>>;
type Section = keyof typeof SECTIONS;

const asked = args.filter((arg) => !arg.startsWith('--'));
const unknown = asked.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(`unknown eval section ${unknown.join(', ')}: choose among ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}
for (const name of (asked.length > 0 ? asked : Object.keys(SECTIONS)) as Section[]) console.log((await SECTIONS[name](verbose)).join('\n'));
