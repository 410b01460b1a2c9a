import { OUTREACH } from '@meetflow/plugin-sdk/contracts/agents';
import type { WorkspaceConfig } from '../../insights/services.ts';
import { callPluginService, type PluginApiDeps } from '../../runs/services.ts';
import { systemRunContext } from '../../../core/run-context.ts';

/** Response rate per outreach template, as fractions (the workspace's templatePerformance config entry). */
export type TemplatePerformance = WorkspaceConfig['templatePerformance'];
/** The outreach plugin's template ids: roi-focused, pain-point, value-prop. */
export type TemplateId = keyof TemplatePerformance;

/** The copy of a template as the outreach plugin defines it; only the subjects are shown here. */
export interface TemplateCopy {
  subjects: readonly string[];
}

/** A template as the outreach screen shows it (spec section 3). */
export interface TemplateView {
  id: TemplateId;
  name: string;
  type: string;
  /** The template's first subject line, slots such as {firstName} left as they are. */
  subject: string;
  performance: { response_rate: number };
  /** What this workspace's sends of the template measured: emails sent, replies, and their ratio (null before any send). */
  measured: { sent: number; replied: number; responseRate: number | null };
}

/** Sent and replied outcome counts per template. */
export type TemplateCounts = Partial<Record<TemplateId, { sent: number; replied: number }>>;

// Display names: the plugin keys its templates by id only. Every template is an email of the 3-email sequence.
const LABELS: Record<TemplateId, { name: string; type: string }> = {
  'roi-focused': { name: 'ROI-focused', type: 'email' },
  'pain-point': { name: 'Pain point', type: 'email' },
  'value-prop': { name: 'Value proposition', type: 'email' },
};

/**
 * The templates in the plugin's order, each with the workspace's current response rate.
 * `copy` is the outreach plugin's template copy (its `templates` service).
 */
export function describeTemplates(
  copy: Record<TemplateId, TemplateCopy>,
  performance: TemplatePerformance,
  counts: TemplateCounts = {},
): TemplateView[] {
  return (Object.keys(copy) as TemplateId[]).map((id) => {
    const { sent = 0, replied = 0 } = counts[id] ?? {};
    return {
      id,
      ...LABELS[id],
      subject: copy[id].subjects[0] ?? '',
      performance: { response_rate: performance[id] },
      measured: { sent, replied, responseRate: sent === 0 ? null : Math.min(1, replied / sent) },
    };
  });
}

/** The outreach plugin's template copy, asked of its `templates` service once (it is fixed for the life of the plugin). */
export function outreachTemplateCopy(deps: Pick<PluginApiDeps, 'host' | 'connection'>): () => Promise<Record<TemplateId, TemplateCopy>> {
  let copy: Promise<Record<TemplateId, TemplateCopy>> | null = null;
  return () => {
    // The copy is the same for every workspace: asked once, in none.
    copy ??= (
      callPluginService(deps, OUTREACH.templates, {}, systemRunContext(null, 'templates')) as Promise<{
        templates: Array<TemplateCopy & { id: TemplateId }>;
      }>
    )
      .then(({ templates }) => Object.fromEntries(templates.map(({ id, ...rest }) => [id, rest])) as Record<TemplateId, TemplateCopy>)
      .catch((error: unknown) => {
        copy = null; // a failed call is asked again next time
        throw error;
      });
    return copy;
  };
}
