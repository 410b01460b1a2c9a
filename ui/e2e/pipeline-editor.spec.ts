import { test, expect, useNewWorkspace, type Page } from './fixtures.ts';

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

  // Connect score → write by dragging between their handles (again if the canvas was still framing the new step).
  const edge = page.locator('.react-flow__edge[data-id="scoreProspect->writeSequence"]');
  await expect(async () => {
    await score.locator('.react-flow__handle-bottom').dragTo(write.locator('.react-flow__handle-top'), { steps: 5 });
    await expect(edge).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });

  // Undo takes the edge away again, redo brings it back.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(edge).toHaveCount(0);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(edge).toHaveCount(1);

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
