// No leftovers (issue #31, item 5): no screen shows a value the UI failed to turn into words —
// `[object Object]`, a template's `{word}` placeholder, a bare undefined/null/NaN, or an HTML
// tag — with the seeded data, at desktop and phone widths, every disclosure opened.
import { test, expect, waitForSeededProspect, type Page } from './fixtures.ts';
import { APP_SCREENS } from './screens.ts';

const WIDTHS = [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The screens with no entry of their own in APP_SCREENS: the review queue and the settings. */
const MORE_SCREENS = ['/review', '/settings/mailboxes', '/settings/suppressions'] as const;

/** What a leftover looks like. A pipeline's references (`{{ step.path }}`, double braces) are not placeholders. */
const LEFTOVERS = [
  { what: '[object Object]', pattern: /\[object Object\]/g },
  { what: 'a {word} placeholder', pattern: /(?<!\{)\{[A-Za-z_][\w.]*\}(?!\})/g },
  { what: 'a bare undefined, null or NaN', pattern: /\b(?:undefined|null|NaN)\b/g },
  { what: 'an HTML tag', pattern: /<\/?[A-Za-z][\w-]*(?=[\s>/]|$)/gm },
] as const;

/** Each leftover in `text`, with the words around it: "an HTML tag: …quote “<button type=…”". */
function leftoversIn(text: string): string[] {
  return LEFTOVERS.flatMap(({ what, pattern }) =>
    [...text.matchAll(pattern)].map((match) => {
      const around = text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40).replace(/\s+/g, ' ');
      return `${what}: …${around}…`;
    }),
  );
}

/** Waits until a screen has drawn what it fetched: its heading is there and no spinner is left. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.loading-spinner, .loading-dots')).toHaveCount(0);
}

/** The page's visible text with every disclosure (`<details>`) open, as a person reading all of it sees it. */
async function visibleText(page: Page): Promise<string> {
  // A string: the e2e project has no DOM types, and this runs in the page.
  return page.evaluate<string>(`(() => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    return document.body.innerText;
  })()`);
}

/** The leftovers on the page as it stands, each named by `where`. */
async function leftoversOn(page: Page, where: string): Promise<string[]> {
  return leftoversIn(await visibleText(page)).map((found) => `${where} — ${found}`);
}

test('the check finds each kind of leftover, and passes words like them', async ({ page }) => {
  await page.setContent(
    `<main>
      <p>window [object Object] · gapMinutes [object Object]</p>
      <p>Time back for {company}</p>
      <p>Score undefined, NaN%</p>
      <blockquote>&lt;button type="submit" class="hs-button"&gt;</blockquote>
      <details><p>rate null</p></details>
      <p>Reads {{ research.industry }}; 3 &lt; 5; nullable, undefinedness, Dana &lt;dana@acme.test&gt;</p>
    </main>`,
  );
  const found = leftoversIn(await visibleText(page));
  expect(found.map((entry) => entry.split(':')[0])).toEqual([
    '[object Object]',
    '[object Object]',
    'a {word} placeholder',
    'a bare undefined, null or NaN',
    'a bare undefined, null or NaN',
    'a bare undefined, null or NaN',
    'an HTML tag',
  ]);
  expect(found.join('\n')).toContain('{company}');
});

for (const size of WIDTHS) {
  test(`no screen shows leftovers at ${size.width} px`, async ({ page, request }) => {
    test.setTimeout(300_000);
    await waitForSeededProspect(request);
    await page.setViewportSize(size);
    const found: string[] = [];

    for (const path of [...APP_SCREENS, ...MORE_SCREENS]) {
      await page.goto(path);
      await settled(page);
      found.push(...(await leftoversOn(page, path)));
    }

    // A prospect's detail panel: researched facts with their evidence, the score, the sequence.
    await page.goto('/prospects?prospect=1');
    await settled(page);
    await expect(page.getByRole('dialog').getByTestId('fact').first()).toBeVisible();
    found.push(...(await leftoversOn(page, 'prospect 1 (detail panel)')));

    // A run of the seed's prospect pipeline, each step's output and the run's input open in turn:
    // one whose copy step ran when there is one, so every kind of output is read.
    const runs = (await (await request.get('/api/runs?limit=50&status=completed')).json()) as Array<{
      runId: string;
      steps: Record<string, { status: string }>;
    }>;
    const run = runs.find((candidate) => candidate.steps.copy?.status === 'completed') ?? runs[0];
    expect(run, 'the seed has completed runs').toBeDefined();
    await page.goto(`/pipelines/runs/${run!.runId}`);
    await settled(page);
    found.push(...(await leftoversOn(page, `run ${run!.runId}`)));
    for (const [step, { status }] of Object.entries(run!.steps)) {
      if (status !== 'completed') continue;
      await page.getByTestId(`step-node-${step}`).click();
      await expect(page.getByRole('group', { name: `Output of step ${step}`, exact: true })).toBeVisible();
      found.push(...(await leftoversOn(page, `run ${run!.runId}, step ${step} open`)));
    }
    await page.getByTestId('run-input-node').click();
    await expect(page.getByTestId('input-panel')).toBeVisible();
    found.push(...(await leftoversOn(page, `run ${run!.runId}, input open`)));

    expect(found, `leftovers at ${size.width} px:\n${found.join('\n')}`).toEqual([]);
  });
}
