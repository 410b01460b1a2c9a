import { PROSPECT_PIPELINE } from '@meetflow/platform/features/prospecting/superagent/prospect-pipeline';
import { deliveredTo, OFFER, ok, replyAs, reviewModeMailbox, SAMPLES, waitForReplies } from './day-walk-setup.ts';
import { SIGNED_OUT, signUpAndSignIn, test, expect, useNewWorkspace } from './fixtures.ts';

// Issue #33 end to end on the real stack: an experiment started from Outreach Management's A/B
// Tests panel, a campaign's prospect run through the prospect pipeline (its decide step picks the
// arm), the first email approved and sent through the local mail server (GreenMail), the
// prospect's interested reply read back over IMAP, and the Learning Dashboard's panel showing the
// chosen arm's send and then its reward. A viewer sees the experiments but no form, and the API
// refuses them too.
const run = Date.now().toString(36);
const SELLER = `morgan-${run}@lumen-ledger.example`;
// As the day walk's prospect: one the ICP from these three sites qualifies, so the pipeline writes to them.
const PROSPECT = {
  firstName: 'Jamie',
  lastName: 'Fox',
  company: 'pipelinepilot',
  jobTitle: 'VP of Sales',
  employeeCount: 90,
  email: `jamie-${run}@pipelinepilot.example`,
  website: `${SAMPLES}/pipelinepilot/`,
};

test('an experiment started in the UI counts its arm at the first send and its reward at the reply, on the dashboard', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  const workspace = await useNewWorkspace(page, `e2e-exp-${run}`);
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const sites = ['pipelinepilot', 'quotewell', 'callcraft'].map((name) => `${SAMPLES}/${name}/`);
  await ok(await request.post(at('/api/superagent/analyze-icp'), { data: { urls: sites }, timeout: 60_000 }));
  await ok(await request.put(at('/api/offer'), { data: OFFER }));
  const mailboxId = await reviewModeMailbox(request, at, SELLER);
  // The built-in pipeline with its first email due at once (as the day walk saves it).
  const pipeline = {
    ...PROSPECT_PIPELINE,
    nodes: PROSPECT_PIPELINE.nodes.map((node) =>
      node.id === 'copy' ? { ...node, input: { ...(node.input as object), cadenceTiming: { step1: 0, step2: 5, step3: 7 } } } : node,
    ),
  };
  const saved = (await ok(await request.post(at('/api/pipelines'), { data: pipeline }), 201)) as { version: number };
  const prospect = (await ok(await request.post(at('/api/prospects'), { data: PROSPECT }), 201)) as { id: number };
  const campaign = (await ok(
    await request.post(at('/api/campaigns'), {
      data: { name: 'Experiment walk', prospectIds: [prospect.id], pipelineVersion: saved.version },
    }),
    201,
  )) as { id: number };

  // Outreach Management: New experiment, on the campaign, deciding the first email's template between all three.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/outreach');
  const panel = page.getByRole('region', { name: 'A/B Tests' });
  await panel.getByRole('button', { name: 'New experiment' }).click();
  const form = page.getByTestId('new-experiment');
  await form.getByRole('button', { name: 'Start experiment' }).click();
  await expect(form).toContainText('Give it a name');
  await form.getByLabel('Name').fill('Opening template');
  await form.getByLabel('Who takes part').selectOption({ label: 'Experiment walk' });
  await expect(form.getByLabel('What it decides')).toHaveValue('first-email-template');
  await expect(form.getByRole('checkbox')).toHaveCount(3);
  await form.getByRole('button', { name: 'Start experiment' }).click();
  await expect(page.getByTestId('toast')).toContainText('Experiment started');
  const card = panel.getByTestId('experiment').filter({ hasText: 'Opening template' });
  await expect(card).toContainText('running');
  await expect(card).toContainText("First email's template, campaign Experiment walk");
  await expect(card.getByTestId('arm-posterior')).toHaveText(Array(3).fill(/^50\.0% \(2\.5%–97\.5%\) · 0 sends · P\(best\)/));

  // A second one on the same campaign and decision is refused, saying why, in the form.
  await panel.getByRole('button', { name: 'New experiment' }).click();
  await form.getByLabel('Name').fill('Opening template again');
  await form.getByLabel('Who takes part').selectOption({ label: 'Experiment walk' });
  await form.getByRole('button', { name: 'Start experiment' }).click();
  await expect(form.getByTestId('experiment-error')).toContainText("already has a running experiment on first email's template");
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);

  // The campaign's prospect runs through the pipeline: decided, written, waiting for review; no send yet, so no trial.
  await ok(await request.post(at(`/api/campaigns/${campaign.id}/runs`), { data: {} }), 202);
  await expect
    .poll(async () => (await (await request.get(at('/api/outbox?status=pending_review'))).json()).total, {
      timeout: 150_000,
      intervals: [1_000],
    })
    .toBe(1);
  const experiments = async () =>
    (await ok(await request.get(at('/api/experiments')))) as Array<{ arms: Array<{ id: string; trials: number; successes: number }> }>;
  expect((await experiments())[0]!.arms.map((arm) => arm.trials)).toEqual([0, 0, 0]);
  await ok(await request.post(at('/api/outbox/approve-all'), { data: { campaignId: campaign.id } }));
  const [first] = await deliveredTo(request, at, { id: prospect.id, email: PROSPECT.email }, SELLER);

  // Sent: the dashboard shows the chosen arm's one send (its posterior moved down from the prior: a send without reward yet).
  await page.goto('/dashboard');
  const dashboard = page.getByRole('region', { name: 'A/B Tests' });
  await expect.poll(async () => (await experiments())[0]!.arms.filter((arm) => arm.trials === 1).length, { timeout: 30_000 }).toBe(1);
  const chosen = (await experiments())[0]!.arms.findIndex((arm) => arm.trials === 1);
  const arm = dashboard.getByTestId('experiment-arm').nth(chosen);
  await page.reload();
  await expect(arm.getByTestId('arm-posterior')).toContainText('33.3% (', { timeout: 30_000 });
  await expect(arm.getByTestId('arm-posterior')).toContainText('1 send ·');

  // The prospect answers with interest, through the mail server; read over IMAP and classified, it rewards the arm (0.75).
  await replyAs(
    { name: 'Jamie Fox', address: PROSPECT.email },
    SELLER,
    first!,
    'Thanks, this is interesting. Could we talk next week? Send me a few times.',
  );
  await waitForReplies(request, at, mailboxId, 1);
  await expect.poll(async () => (await experiments())[0]!.arms[chosen]!.successes, { timeout: 30_000 }).toBe(0.75);
  await page.reload();
  await expect(arm.getByTestId('arm-posterior')).toContainText('58.3% (', { timeout: 30_000 });
  await expect(arm.getByTestId('arm-posterior')).toContainText('1 send ·');
  await page.screenshot({ path: test.info().outputPath('experiments-dashboard-desktop.png'), fullPage: true });

  // A viewer of the workspace sees the experiment but no form, no Stop; the API refuses them as well.
  const invited = (await ok(await request.post(at('/api/invitations'), { data: { role: 'viewer' } }), 201)) as { token: string };
  const viewer = await browser.newContext({ storageState: SIGNED_OUT });
  const theirs = await viewer.newPage();
  await signUpAndSignIn(theirs.request, { email: `val-${run}@viewer.example`, password: 'a long passphrase', name: 'Val Viewer' });
  expect((await theirs.request.post('/api/invitations/accept', { data: { token: invited.token } })).status()).toBe(200);
  await theirs.addInitScript((slug) => localStorage.setItem('meetflow.workspace', slug), workspace);
  await theirs.goto('/dashboard');
  const theirPanel = theirs.getByRole('region', { name: 'A/B Tests' });
  await expect(theirPanel.getByTestId('experiment')).toContainText('Opening template');
  await expect(theirPanel.getByRole('button', { name: 'New experiment' })).toHaveCount(0);
  await expect(theirPanel.getByRole('button', { name: /^Stop/ })).toHaveCount(0);
  const refused = await theirs.request.post(at('/api/experiments'), {
    data: { name: 'Viewer test', decisionPoint: 'follow-up-gap', arms: [{ value: '3' }, { value: '7' }] },
  });
  expect(refused.status()).toBe(403);
  await viewer.close();

  // Stop, from the dashboard: it decides for no more prospects.
  await dashboard.getByRole('button', { name: 'Stop Opening template' }).click();
  await expect(dashboard.getByTestId('experiment').filter({ hasText: 'Opening template' })).toContainText('stopped');
  expect(crashes).toEqual([]);
});
