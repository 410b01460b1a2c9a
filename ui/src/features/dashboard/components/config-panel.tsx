import { currentWorkspace } from '../../../lib/workspace.ts';
import type { ConfigEntry } from '../api/types.ts';
import { configFileName, configJson, downloadText, summariseValue } from '../utils/config-export.ts';
import { Panel } from './panel.tsx';

/** "Configuration Management": the config entries in force, and Export Config as a JSON file. */
export function ConfigPanel({ entries }: { entries: readonly ConfigEntry[] }) {
  const exportButton = (
    <button
      type="button"
      className="btn btn-outline btn-xs"
      onClick={() => downloadText(configFileName(currentWorkspace()), configJson(entries))}
    >
      Export Config
    </button>
  );
  return (
    <Panel title="Configuration Management" actions={exportButton}>
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <li key={entry.configKey} className="text-sm" data-testid={`config-${entry.configKey}`}>
            <p className="font-mono text-xs font-semibold">{entry.configKey}</p>
            <p className="text-base-content/70 wrap-anywhere">{summariseValue(entry.configValue)}</p>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
