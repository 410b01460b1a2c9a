import type { LearningSettings } from '../api/agent-config-api.ts';

const SWITCHES: Array<{ key: keyof LearningSettings; label: string; detail: string }> = [
  {
    key: 'automaticCycles',
    label: 'Automatic Learning Cycles',
    detail: 'Run a learning cycle every week (Mondays 06:00 UTC); off pauses the schedule.',
  },
  {
    key: 'autoApply',
    label: 'Auto-Apply Optimizations',
    detail: 'Apply high-confidence changes without review; off, cycles only propose.',
  },
  {
    key: 'emailReports',
    label: 'Email Learning Reports',
    detail: 'A weekly report by email. Stored now; sent once a mailbox is connected.',
  },
];

/** "Learning Configuration": the three switches. */
export function LearningSwitches({
  settings,
  error,
  onChange,
}: {
  settings: LearningSettings;
  error: string | null;
  onChange: (settings: LearningSettings) => void;
}) {
  return (
    <section className="card bg-base-100 shadow-sm" aria-label="Learning Configuration">
      <div className="card-body gap-4 p-5">
        <h2 className="card-title text-base">Learning Configuration</h2>
        {SWITCHES.map(({ key, label, detail }) => (
          <label key={key} className="flex items-start justify-between gap-4">
            <span>
              <span className="block font-medium">{label}</span>
              <span className="block text-xs text-base-content/60">{detail}</span>
            </span>
            <input
              type="checkbox"
              className="toggle toggle-primary"
              checked={settings[key]}
              aria-label={label}
              onChange={(event) => onChange({ ...settings, [key]: event.target.checked })}
            />
          </label>
        ))}
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
