import { test, expect, useNewWorkspace, type APIRequestContext, type Page, waitForSeededProspect, SEED_TIMEOUT } from './fixtures.ts';
import type { Locator } from '@playwright/test';

/** The mapping of one input field of the open step: its mode switch, picker and problems. */
const mapping = (page: Page, path: string) => page.getByTestId('node-panel').getByTestId(`mapping-${path}`);

/** The Reference button of a field's mode switch. */
const referenceMode = (page: Page, path: string) =>
  mapping(page, path)
    .getByRole('group', { name: `How ${path} is set` })
    .getByRole('button', { name: 'Reference' });

/** Maps a field of the open step to a path of the run input, from the picker. */
async function mapToRunInput(page: Page, path: string, inputPath: string) {
  const field = mapping(page, path);
  if ((await referenceMode(page, path).getAttribute('aria-pressed')) !== 'true') await referenceMode(page, path).click();
  await field.getByRole('combobox').selectOption(':input');
  await field.getByLabel('Path in the run input').fill(inputPath);
}

/** Maps a field of the open step to a path of an upstream step's output, from the picker. */
async function mapToOutput(page: Page, path: string, reference: string) {
  if ((await referenceMode(page, path).getAttribute('aria-pressed')) !== 'true') await referenceMode(page, path).click();
  await mapping(page, path).getByRole('combobox').selectOption(reference);
}

test('a new pipeline is built from the palette, checked as it is edited, and saved with a note', async ({ page, request }) => {
  const workspace = await useNewWorkspace(page, `e2e-editor-${Date.now().toString(36)}`);
  const pipelineId = `e2e-editor-${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/pipelines');
  await page.getByRole('link', { name: 'New pipeline' }).click();
  await expect(page).toHaveURL(/\/pipelines\/new$/);

  await page.getByLabel('Name', { exact: true }).fill('E2E score and write');
  await page.getByLabel('Id', { exact: true }).fill(pipelineId);

  // The palette groups activities by plugin and finds them by name.
  await page.getByRole('searchbox', { name: 'Search activities' }).fill('scoreProspect');
  await expect(page.getByTestId('palette-outreach.writeSequence')).toBeHidden();
  await page.getByRole('button', { name: 'Add lead-scoring.scoreProspect' }).click();
  await page.getByRole('searchbox', { name: 'Search activities' }).fill('');
  await page.getByRole('button', { name: 'Add outreach.writeSequence' }).click();
  const score = page.getByTestId('editor-node-scoreProspect');
  const write = page.getByTestId('editor-node-writeSequence');
  await expect(score).toBeVisible();
  await expect(write).toBeVisible();

  // A step added with "+" is drawn below the last one and runs after it: score → write, without drawing the edge.
  const edge = page.locator('.react-flow__edge[data-id="scoreProspect->writeSequence"]');
  await expect(edge).toHaveCount(1);
  // Undo takes the added step (and its edge) away again, redo brings both back; dragging the same edge adds nothing.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(write).toHaveCount(0);
  await expect(edge).toHaveCount(0);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(edge).toHaveCount(1);
  await expect(async () => {
    await score.locator('.react-flow__handle-bottom').dragTo(write.locator('.react-flow__handle-top'), { steps: 5 });
    await expect(edge).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });

  // The score step reads the run input.
  await score.click();
  await mapToRunInput(page, 'prospect', 'prospect');
  await mapToRunInput(page, 'icp', 'icp');

  // The write step reads the run input and the score's output, picked from the score's output schema.
  await write.click();
  await expect(page.getByTestId('node-panel')).toContainText('Writes the outreach sequence');
  await mapToRunInput(page, 'prospect', 'contact');
  await mapToRunInput(page, 'research', 'research');
  await mapToRunInput(page, 'offer', 'offer');
  await mapToOutput(page, 'scoring', 'scoreProspect');

  // A reference of the wrong type is flagged on the field and on the step.
  await mapToOutput(page, 'signature', 'scoreProspect.totalScore');
  await expect(mapping(page, 'signature').getByTestId('field-problem-signature')).toContainText(
    'takes string, but {{ scoreProspect.totalScore }} is integer',
    { ignoreCase: true },
  );
  await expect(page.getByTestId('node-problems-writeSequence')).toHaveText('1 problem');
  await expect(page.getByRole('button', { name: 'Save…' })).toBeDisabled();

  // Fixed with a string from the same output, the draft is valid.
  await mapToOutput(page, 'signature', 'scoreProspect.reasoning');
  await expect(mapping(page, 'signature').getByTestId('field-problem-signature')).toHaveCount(0);
  await expect(page.getByTestId('node-problems-writeSequence')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close step' }).click();
  await expect(page.getByTestId('problems-list')).toContainText('No problems');

  await page.getByRole('button', { name: 'Save…' }).click();
  await page.getByLabel('What does this version change?').fill('First version, from the editor');
  await page.getByRole('button', { name: 'Save version' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/pipelines/${pipelineId}`);

  // What was saved: the steps, the edge, the picked references and the note.
  const saved = (await (await request.get(`/api/pipelines/${pipelineId}?workspace=${workspace}`)).json()) as {
    definition: { nodes: Array<{ id: string; input: Record<string, unknown> }>; edges: unknown[] };
  };
  expect(saved.definition.edges).toEqual([{ from: 'scoreProspect', to: 'writeSequence' }]);
  expect(saved.definition.nodes.find((node) => node.id === 'writeSequence')?.input).toMatchObject({
    scoring: '{{ scoreProspect }}',
    signature: '{{ scoreProspect.reasoning }}',
    prospect: '{{ input.contact }}',
  });
  const versions = (await (await request.get(`/api/pipelines/${pipelineId}/versions?workspace=${workspace}`)).json()) as Array<{
    note?: string;
  }>;
  expect(versions[0]?.note).toBe('First version, from the editor');
});

test('a built-in pipeline is not edited in place: it offers a copy', async ({ page }) => {
  await page.goto('/pipelines/prospect-pipeline/edit');
  await expect(page.getByTestId('built-in-notice')).toContainText('built in');
  await expect(page.getByRole('button', { name: 'Duplicate and edit' })).toBeVisible();
});

/** What the specs read of a saved or pinned definition. */
interface SavedDefinition {
  nodes: Array<{ id: string; retry?: Record<string, unknown>; position?: { x: number; y: number }; config?: Record<string, unknown> }>;
}

// The seed runs in the background after a first start: sample database, ICP, discovery, then the runs.
// A test run of the prospect pipeline reads a sample site, scores and writes copy, on a shared 2-core machine.
const TEST_RUN_TIMEOUT = 90_000;

/** Two scoring steps in a row, saved through the API into the workspace: what the editor opens below. */
async function saveTwoSteps(request: APIRequestContext, workspace: string, id: string) {
  const input = { prospect: '{{ input.prospect }}', icp: '{{ input.icp }}' };
  const saved = await request.post(`/api/pipelines?workspace=${workspace}`, {
    data: {
      id,
      name: 'E2E two scorings',
      nodes: [
        { id: 'score', activity: 'lead-scoring.scoreProspect', input },
        { id: 'again', activity: 'lead-scoring.scoreProspect', input },
      ],
      edges: [{ from: 'score', to: 'again' }],
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}

/** The saved definition of a pipeline's latest version. */
async function savedDefinition(request: APIRequestContext, workspace: string, id: string) {
  const response = await request.get(`/api/pipelines/${id}?workspace=${workspace}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { definition: SavedDefinition }).definition;
}

/** A node's position on the canvas (flow coordinates, from React Flow's transform). */
async function canvasPosition(page: Page, nodeId: string) {
  const style = (await page.locator(`.react-flow__node[data-id="${nodeId}"]`).getAttribute('style')) ?? '';
  const [, x, y] = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(style) ?? [];
  return { x: Number(x), y: Number(y) };
}

/** What wraps a button of the save bar: its title says why the button is disabled. */
const blockedBecause = (page: Page, name: string) => page.getByRole('button', { name }).locator('xpath=..');

test('a test run of a duplicated prospect pipeline on a seeded prospect is watched to the end on the canvas', async ({ page, request }) => {
  test.setTimeout(SEED_TIMEOUT + TEST_RUN_TIMEOUT + 60_000);
  // The default workspace's seed made prospect 1 and scored it (its ICP and offer exist by then).
  await waitForSeededProspect(request);

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/pipelines/prospect-pipeline/edit');
  await page.getByRole('button', { name: 'Duplicate and edit' }).click();
  await expect(page).toHaveURL(/\/pipelines\/prospect-pipeline-copy(-\d+)?\/edit$/);

  // The draft enrols nobody: its outreach step goes (a test run runs every step for real).
  await page.getByTestId('editor-node-outreach').click();
  await page.getByTestId('node-panel').getByRole('button', { name: 'Delete step' }).click();
  await expect(page.getByTestId('editor-node-outreach')).toHaveCount(0);
  const testRunButton = page.getByRole('button', { name: 'Test run…' });
  await expect(testRunButton).toBeEnabled();
  await testRunButton.click();

  const dialog = page.getByTestId('test-run-dialog');
  await expect(dialog.getByRole('heading', { name: /^Test run prospect-pipeline-copy/ })).toBeVisible();
  // A pasted input that is not JSON is named before anything is sent.
  await dialog.getByRole('radio', { name: 'A pasted input' }).check();
  await dialog.getByLabel('Run input (JSON)').fill('{"prospect": ');
  await dialog.getByRole('button', { name: 'Run test' }).click();
  await expect(dialog.getByTestId('input-note')).toContainText('Not valid JSON');
  await page.screenshot({ path: test.info().outputPath('editor-test-run-dialog-desktop.png') });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('radio', { name: 'A prospect' }).check();
  await dialog.getByLabel('Prospect', { exact: true }).selectOption('1');
  await expect(dialog.getByTestId('chosen-prospect')).toContainText('Runs on #1 ·');
  await page.screenshot({ path: test.info().outputPath('editor-test-run-prospect-desktop.png') });
  await dialog.getByRole('button', { name: 'Run test' }).click();
  await expect(dialog).toBeHidden();

  // Each step's status arrives live on the same canvas, as a word beside the colour.
  const bar = page.getByTestId('test-run-bar');
  await expect(bar.getByTestId('test-run-status')).toContainText('completed', { timeout: TEST_RUN_TIMEOUT });
  for (const step of ['research', 'score']) {
    await expect(page.getByTestId(`editor-node-${step}`)).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId(`node-status-${step}`)).toHaveText(/completed/);
  }
  // The copy is written only for a qualified prospect: it ran or was skipped, either way it ended.
  await expect(page.getByTestId('editor-node-copy')).toHaveAttribute('data-status', /^(completed|skipped)$/);

  // The full run page is linked; the run recorded is a draft run of the draft as it ran.
  const link = bar.getByRole('link', { name: 'Open the full run ↗' });
  const runId = /\/pipelines\/runs\/([\w-]+)$/.exec((await link.getAttribute('href')) ?? '')?.[1];
  expect(runId).toBeTruthy();
  const run = (await (await request.get(`/api/runs/${runId}`)).json()) as { draft?: boolean; definition: SavedDefinition };
  expect(run.draft).toBe(true);
  expect(run.definition.nodes.map((node) => node.id)).toEqual(['research', 'score', 'decide', 'copy', 'apply']);
  await page.screenshot({ path: test.info().outputPath('editor-test-run-desktop.png') });

  // Editing the draft clears the statuses: they belong to the draft that ran.
  await page.getByTestId('editor-node-copy').click();
  await page.getByTestId('node-panel').getByLabel('Label').fill('Copywriter, edited');
  await expect(page.getByTestId('editor-node-research')).not.toHaveAttribute('data-status');
  await expect(bar.getByTestId('test-run-edited')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('editor-edited-after-test-run-desktop.png') });
  // Too narrow for the editor: it says so and keeps the draft, without overflowing.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('editor-notice')).toContainText('Your draft is kept');
  await expect(page.getByRole('navigation', { name: 'App' })).not.toBeInViewport();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('editor-phone.png'), fullPage: true });
});

test("a step's retry settings are checked on their fields, saved and read back", async ({ page, request }) => {
  const workspace = await useNewWorkspace(page, `e2e-retry-${Date.now().toString(36)}`);
  const pipelineId = `e2e-retry-${Date.now().toString(36)}`;
  await saveTwoSteps(request, workspace, pipelineId);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/pipelines/${pipelineId}/edit`);

  // The second step (the platform names it by its place, nodes.1) gets the problem, on its field.
  await page.getByTestId('editor-node-again').click();
  const panel = page.getByTestId('node-panel');
  await expect(panel.getByLabel('Attempts')).toHaveAttribute('placeholder', '5');
  // An empty timeout is the plugin manifest's (else the interpreter's 5 minutes), said as the placeholder.
  const plugins = (await (await request.get('/api/plugins')).json()) as Array<{
    activities: Array<{ qualifiedName: string; timeout?: string }>;
  }>;
  const scoring = plugins
    .flatMap((plugin) => plugin.activities)
    .find((activity) => activity.qualifiedName === 'lead-scoring.scoreProspect');
  await expect(panel.locator('#again-timeout')).toHaveAttribute('placeholder', scoring?.timeout ?? '5 minutes');
  await panel.getByLabel('Attempts').fill('0');
  await expect(panel.getByTestId('error-again-retry-maximumAttempts')).toContainText('at least 1', { ignoreCase: true });
  await expect(page.getByTestId('node-problems-again')).toHaveText('1 problem');
  await expect(page.getByTestId('node-problems-score')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Test run…' })).toBeDisabled();
  await expect(blockedBecause(page, 'Test run…')).toHaveAttribute('title', 'Fix the problem first');
  await panel.getByLabel('Longest wait').fill('soon');
  await expect(panel.getByTestId('error-again-retry-maximumInterval')).toContainText('must be a duration', { ignoreCase: true });
  await panel.getByRole('region', { name: 'Timeout and retries' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('editor-retry-settings-desktop.png') });

  await panel.getByLabel('Attempts').fill('3');
  await panel.getByLabel('Longest wait').fill('');
  await panel.getByLabel('First wait').fill('2 seconds');
  await panel.getByLabel('Backoff').fill('1.5');
  await expect(page.getByTestId('node-problems-again')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Test run…' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save…' }).click();
  await page.getByRole('button', { name: 'Save version' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/pipelines/${pipelineId}`);

  const saved = await savedDefinition(request, workspace, pipelineId);
  expect(saved.nodes[1]?.retry).toEqual({ maximumAttempts: 3, initialInterval: '2 seconds', backoffCoefficient: 1.5 });
  expect(saved.nodes[0]?.retry).toBeUndefined();

  await page.goto(`/pipelines/${pipelineId}/edit`);
  await page.getByTestId('editor-node-again').click();
  await expect(panel.getByLabel('Attempts')).toHaveValue('3');
  await expect(panel.getByLabel('First wait')).toHaveValue('2 seconds');
  await expect(panel.getByLabel('Backoff')).toHaveValue('1.5');
  await expect(panel.getByLabel('Longest wait')).toHaveValue('');
});

test('a moved step is an unsaved change, and keeps its place after saving and opening again', async ({ page, request }) => {
  const workspace = await useNewWorkspace(page, `e2e-move-${Date.now().toString(36)}`);
  const pipelineId = `e2e-move-${Date.now().toString(36)}`;
  await saveTwoSteps(request, workspace, pipelineId);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/pipelines/${pipelineId}/edit`);
  const again = page.getByTestId('editor-node-again');
  await expect(again).toBeVisible();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);

  const before = await canvasPosition(page, 'again');
  const box = (await again.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 160, box.y + 100, { steps: 10 });
  await page.mouse.up();
  const moved = await canvasPosition(page, 'again');
  expect(moved.x).toBeGreaterThan(before.x + 50);
  await expect(page.getByTestId('unsaved')).toBeVisible();

  await page.getByRole('button', { name: 'Save…' }).click();
  await page.getByRole('button', { name: 'Save version' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/pipelines/${pipelineId}`);
  const saved = await savedDefinition(request, workspace, pipelineId);
  const position = { x: Math.round(moved.x), y: Math.round(moved.y) };
  expect(saved.nodes.find((node) => node.id === 'again')?.position).toEqual(position);

  await page.goto(`/pipelines/${pipelineId}/edit`);
  await expect(again).toBeVisible();
  expect(await canvasPosition(page, 'again')).toEqual(position);
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
});

test("a step's own plugin settings come from its plugin's config schema, are checked on their fields, saved and read back", async ({
  page,
  request,
}) => {
  const workspace = await useNewWorkspace(page, `e2e-settings-${Date.now().toString(36)}`);
  const pipelineId = `e2e-settings-${Date.now().toString(36)}`;
  await saveTwoSteps(request, workspace, pipelineId);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/pipelines/${pipelineId}/edit`);

  await page.getByTestId('editor-node-again').click();
  const panel = page.getByTestId('node-panel');
  const settings = panel.getByRole('region', { name: 'Plugin settings' });
  await expect(settings.getByRole('button', { name: /Plugin settings/ })).toHaveAttribute('aria-expanded', 'true');
  // An empty field is the server's value, said as its placeholder, with the field's doc line under it.
  const plugins = (await (await request.get('/api/plugins')).json()) as Array<{ id: string; config: { values: Record<string, unknown> } }>;
  const server = plugins.find((plugin) => plugin.id === 'lead-scoring')!.config.values;
  const threshold = settings.getByLabel('qualificationThreshold');
  await expect(threshold).toHaveAttribute('placeholder', String(server.qualificationThreshold));
  await expect(settings.getByTestId('setting-qualificationThreshold')).toContainText('at or above which a lead is qualified');

  // A value the plugin's schema refuses is flagged on its field by the server's check.
  await threshold.fill('101');
  await expect(settings.getByTestId('setting-problem-qualificationThreshold')).toContainText('Too big');
  await expect(page.getByTestId('node-problems-again')).toHaveText('1 problem');
  await expect(page.getByRole('button', { name: 'Save…' })).toBeDisabled();
  await settings.screenshot({ path: test.info().outputPath('editor-plugin-settings-problem.png') });
  await threshold.fill('90');
  await expect(settings.getByTestId('setting-problem-qualificationThreshold')).toHaveCount(0);
  await expect(settings.getByTestId('plugin-settings-count')).toHaveText('1 set');
  await settings.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('editor-plugin-settings-desktop.png') });
  await settings.screenshot({ path: test.info().outputPath('editor-plugin-settings-section.png') });

  // A source's credentials and where they are sent are never offered: they stay in the server's settings.
  await page.getByRole('searchbox', { name: 'Search activities' }).fill('apollo');
  await page.getByRole('button', { name: 'Add source-apollo.searchPeople' }).click();
  const sourceSettings = panel.getByRole('region', { name: 'Plugin settings' });
  await expect(sourceSettings.getByTestId('setting-requestsPerMinute')).toBeVisible();
  await expect(sourceSettings.getByTestId('setting-apiKey')).toHaveCount(0);
  await expect(sourceSettings.getByTestId('setting-baseUrl')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Delete step' }).click();
  // A plugin with many settings keeps them folded until they are asked for.
  await page.getByRole('searchbox', { name: 'Search activities' }).fill('proposeSlots');
  await page.getByRole('button', { name: 'Add meeting-booking.proposeSlots' }).click();
  const folded = panel.getByRole('region', { name: 'Plugin settings' }).getByRole('button', { name: /Plugin settings/ });
  await expect(folded).toHaveAttribute('aria-expanded', 'false');
  await panel
    .getByRole('region', { name: 'Plugin settings' })
    .screenshot({ path: test.info().outputPath('editor-plugin-settings-folded.png') });
  await folded.click();
  await expect(panel.getByRole('region', { name: 'Plugin settings' }).getByLabel('meetingMinutes')).toHaveAttribute('placeholder', '30');
  await panel
    .getByRole('region', { name: 'Plugin settings' })
    .screenshot({ path: test.info().outputPath('editor-plugin-settings-long.png') });
  await panel.getByRole('button', { name: 'Delete step' }).click();

  await page.getByRole('button', { name: 'Save…' }).click();
  await page.getByRole('button', { name: 'Save version' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/pipelines/${pipelineId}`);
  const saved = await savedDefinition(request, workspace, pipelineId);
  expect(saved.nodes.map((node) => node.config)).toEqual([undefined, { qualificationThreshold: 90 }]);

  await page.goto(`/pipelines/${pipelineId}/edit`);
  await page.getByTestId('editor-node-again').click();
  await expect(panel.getByRole('region', { name: 'Plugin settings' }).getByLabel('qualificationThreshold')).toHaveValue('90');
});

/** Presses `key` until `target` has focus: fails when `max` presses do not get there (it is not reachable that way). */
async function pressUntilFocused(page: Page, key: string, target: Locator, max = 120) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached with ${key} within ${max} presses`).toBeFocused({ timeout: 1 });
}

test('the studio by keyboard alone: steps in the order they run, a step opened and closed, one added from the palette, connected, disconnected, deleted and undone, saved', async ({
  page,
  request,
}) => {
  // Some two hundred single key presses, each waited on, on a shared 2-core machine.
  test.setTimeout(360_000);
  const workspace = await useNewWorkspace(page, `e2e-keys-${Date.now().toString(36)}`);
  const pipelineId = `e2e-keys-${Date.now().toString(36)}`;
  await saveTwoSteps(request, workspace, pipelineId);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/pipelines/${pipelineId}/edit`);
  const node = (id: string) => page.locator(`[data-testid="editor-canvas"] .react-flow__node[data-id="${id}"]`);
  const edge = (from: string, to: string) => page.locator(`.react-flow__edge[data-id="${from}->${to}"]`);
  const panel = page.getByTestId('node-panel');
  const heading = panel.getByRole('heading', { level: 2 });
  const said = page.getByTestId('editor-announcement');
  await expect(node('again')).toBeVisible({ timeout: 30_000 });

  // From the top: Skip to main content, then Tab to the canvas, whose first stop is the run input; the steps are named.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, 'Tab', node('__input'));
  await expect(node('score')).toHaveAttribute('aria-label', 'Step score: lead-scoring.scoreProspect, runs first');
  await expect(node('again')).toHaveAttribute('aria-label', 'Step again: lead-scoring.scoreProspect, runs after score');
  await expect(edge('score', 'again')).toHaveAttribute('aria-label', 'score to again');

  // Tab and the arrow keys go through the steps as the pipeline runs them; the focused one shows a 2 px ring.
  await page.keyboard.press('Tab');
  await expect(node('score')).toBeFocused();
  await expect(node('score')).toHaveCSS('outline-style', 'solid');
  await expect(node('score')).toHaveCSS('outline-width', '2px');
  await page.keyboard.press('ArrowDown');
  await expect(node('again')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(node('score')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(node('again')).toBeFocused();
  // Shift with an arrow moves the step on the canvas: an unsaved change, as a drag is.
  const before = await canvasPosition(page, 'again');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(async () => (await canvasPosition(page, 'again')).x).toBe(before.x + 40);
  expect((await canvasPosition(page, 'again')).y).toBe(before.y);
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await expect(node('again')).toBeFocused();

  // Enter opens the step, focus on its panel's heading; Escape closes it, focus back on the step.
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('aria-label', 'Step again');
  await expect(heading).toBeFocused();
  await expect(panel.getByTestId('runs-after').getByRole('listitem')).toHaveText([/^score/]);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(node('again')).toBeFocused();

  // The palette: back to its search, type, Tab to the activity's +, Enter. The new step runs after the last one; its panel has focus.
  await pressUntilFocused(page, 'Shift+Tab', page.getByRole('searchbox', { name: 'Search activities' }));
  await page.keyboard.type('listCycles');
  await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: 'Add learning-engine.listCycles' }));
  await page.keyboard.press('Enter');
  await expect(node('listCycles')).toBeVisible();
  await expect(panel).toHaveAttribute('aria-label', 'Step listCycles');
  await expect(heading).toBeFocused();
  await expect(said).toHaveText('Added step listCycles, after again. Its settings are open.');
  await expect(edge('again', 'listCycles')).toHaveCount(1);

  // Its "Runs after": connected to score too, then no longer after again.
  const choice = panel.getByLabel('Also run after');
  await pressUntilFocused(page, 'Tab', choice);
  await page.keyboard.type('score');
  await expect(choice).toHaveValue('score');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Connect' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(edge('score', 'listCycles')).toHaveCount(1);
  await expect(said).toHaveText('listCycles now runs after score.');
  await expect(node('listCycles')).toHaveAttribute('aria-label', 'Step listCycles: learning-engine.listCycles, runs after score and again');
  // No other step is left to choose: focus is on the section's heading, and goes on to its Remove buttons.
  await expect(choice).toHaveCount(0);
  await expect(panel.getByRole('heading', { name: 'Runs after' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Stop running after score' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Stop running after again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(edge('again', 'listCycles')).toHaveCount(0);
  await expect(said).toHaveText('listCycles no longer runs after again.');
  await expect(panel.getByTestId('runs-after').getByRole('listitem')).toHaveText([/^score/]);
  await expect(choice).toBeFocused();

  // Escape back to the step; Delete removes it (focus goes to the step before it), Ctrl+Z brings it back with its edge.
  await page.keyboard.press('Escape');
  await expect(node('listCycles')).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(node('listCycles')).toHaveCount(0);
  await expect(said).toHaveText('Deleted step listCycles. Ctrl+Z undoes it.');
  await expect(node('again')).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(node('listCycles')).toBeVisible();
  await expect(edge('score', 'listCycles')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('editor-keyboard-desktop.png') });

  // Save… opens its dialog; Escape closes it and focus is back on Save…; then saved for real.
  const saveButton = page.getByRole('button', { name: 'Save…' });
  await pressUntilFocused(page, 'Shift+Tab', saveButton);
  await page.keyboard.press('Enter');
  const note = page.getByLabel('What does this version change?');
  await expect(note).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(note).toBeHidden();
  await expect(saveButton).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Cycles listed after the first score');
  await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: 'Save version' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === `/pipelines/${pipelineId}`);
  const saved = (await (await request.get(`/api/pipelines/${pipelineId}?workspace=${workspace}`)).json()) as {
    version: number;
    definition: { nodes: Array<{ id: string }>; edges: Array<{ from: string; to: string }> };
  };
  expect(saved.version).toBe(2);
  expect(saved.definition.nodes.map((step) => step.id)).toEqual(['score', 'again', 'listCycles']);
  expect(saved.definition.edges).toEqual([
    { from: 'score', to: 'again' },
    { from: 'score', to: 'listCycles' },
  ]);

  // The pipeline's own page: Enter on a step opens its details with focus there; their ✕ gives focus back to the step.
  const graphNode = (id: string) => page.locator(`[data-testid="run-graph"] .react-flow__node[data-id="${id}"]`);
  await pressUntilFocused(page, 'Tab', graphNode('__input'));
  await page.keyboard.press('ArrowDown');
  await expect(graphNode('score')).toBeFocused();
  await page.keyboard.press('Enter');
  const details = page.getByTestId('definition-step-panel');
  await expect(details.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(details.getByRole('heading', { level: 2 })).toHaveText('score');
  await pressUntilFocused(page, 'Shift+Tab', details.getByRole('button', { name: 'Close step details' }));
  await page.keyboard.press('Enter');
  await expect(details).toHaveCount(0);
  await expect(graphNode('score')).toBeFocused();

  // A confirmation mounted only while asked (restoring v1, from v1's page) gives focus back to its button when Escape closes it.
  await page.goto(`/pipelines/${pipelineId}?version=1`);
  const restore = page.getByRole('button', { name: 'Restore this version' });
  await restore.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Restore v1?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(restore).toBeFocused();
});
