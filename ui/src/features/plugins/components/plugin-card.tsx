import { NamedIcon } from '../../../components/ui/named-icon.tsx';
import type { PluginDescription } from '../api/get-plugins.ts';
import { PluginActivities } from './plugin-activities.tsx';
import { PluginConfigFields } from './plugin-config-fields.tsx';

/** One plugin: identity (icon, colour, kind, version), what it does, its activities and config. */
export function PluginCard({ plugin }: { plugin: PluginDescription }) {
  return (
    <article
      data-testid={`plugin-${plugin.id}`}
      aria-labelledby={`plugin-${plugin.id}-title`}
      className="card h-full border-t-4 bg-base-100 shadow-sm"
      style={{ borderTopColor: plugin.ui.color }}
    >
      <div className="card-body gap-4">
        <header className="flex flex-wrap items-center gap-2">
          {/* A colour CSS lacks (manifests may say `emerald`) is dropped by the browser, leaving the neutral one. */}
          <span
            className="badge h-7 w-7 border-0 bg-neutral p-0 text-white"
            style={{ backgroundColor: plugin.ui.color }}
            aria-hidden="true"
          >
            <NamedIcon name={plugin.ui.icon} />
          </span>
          <h2 id={`plugin-${plugin.id}-title`} className="card-title">
            {plugin.name}
          </h2>
          <span className="font-mono text-xs text-base-content/60">{plugin.id}</span>
          <span className="ml-auto flex gap-1">
            <span className="badge badge-outline badge-sm">{plugin.kind}</span>
            <span className="badge badge-ghost badge-sm">{plugin.ui.category}</span>
            <span className="badge badge-neutral badge-sm">v{plugin.version}</span>
          </span>
        </header>
        <p className="grow-0 text-sm text-base-content/80">{plugin.description}</p>
        {plugin.source && <SourceCredentials source={plugin.source} />}
        {plugin.channel && <ChannelAccount channel={plugin.channel} />}
        <PluginActivities activities={plugin.activities} />
        <PluginConfigFields schema={plugin.config.schema} defaults={plugin.config.defaults} />
      </div>
    </article>
  );
}

/** A channel's account fields: what each mailbox gives it (Settings → Mailboxes), secrets marked. */
function ChannelAccount({ channel }: { channel: NonNullable<PluginDescription['channel']> }) {
  return (
    <section aria-label="Channel account" className="text-sm">
      <h3 className="mb-1 font-semibold">Sends through each mailbox</h3>
      <p className="mb-2 text-xs text-base-content/70">
        Every mailbox under Settings → Mailboxes is an account of this channel. Each gives:
      </p>
      <ul className="flex flex-wrap gap-1">
        {channel.credentials.map((credential) => (
          <li key={credential.key} className="badge badge-outline badge-sm gap-1">
            {credential.label}
            {credential.secret && <span className="text-base-content/60">(secret, stored sealed)</span>}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-base-content/70">{channel.credentialsTest}</p>
    </section>
  );
}

/** A source's credentials: which are set (never their values), and what discovery does until all are. */
function SourceCredentials({ source }: { source: NonNullable<PluginDescription['source']> }) {
  if (source.standIn)
    return (
      <section aria-label="Sample source" className="text-sm">
        <h3 className="mb-1 font-semibold">
          Sample source <span className="badge badge-info badge-sm">answers for unconfigured sources</span>
        </h3>
        <p className="text-xs text-base-content/70">
          Every source without its credentials set is answered from here, each person marked sample. It is never offered as a source to
          choose, and needs no credentials.
        </p>
      </section>
    );
  return (
    <section aria-label="Source credentials" className="text-sm">
      <h3 className="mb-1 font-semibold">
        Source credentials{' '}
        {source.configured ? (
          <span className="badge badge-success badge-sm">configured</span>
        ) : (
          <span className="badge badge-warning badge-sm">not configured</span>
        )}
      </h3>
      {!source.configured && (
        <p className="mb-1 text-xs text-base-content/70">
          Until every credential is set, the built-in sample database answers for it (marked sample).
        </p>
      )}
      <ul className="list-inside list-disc text-base-content/80">
        {source.credentials.map((credential) => (
          <li key={credential.key}>
            {credential.label} (<code className="font-mono">{credential.key}</code>
            {credential.secret ? ', secret' : ''}): {credential.set ? 'set' : 'not set'}
          </li>
        ))}
      </ul>
      <p className="text-xs text-base-content/60">{source.credentialsTest}</p>
    </section>
  );
}
