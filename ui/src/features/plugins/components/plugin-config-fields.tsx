import { TemplateText } from '../../../components/ui/template-text.tsx';
import { inlineText } from '../../../utils/readable.ts';

interface PluginConfigFieldsProps {
  /** The config's JSON Schema; each field's doc line is `properties[field].description`. */
  schema: unknown;
  defaults: unknown;
}

interface ConfigField {
  name: string;
  description?: string;
  defaultValue: unknown;
}

/** Reads the top-level fields of an object JSON Schema, with their defaults and doc lines. */
function configFields(schema: unknown, defaults: unknown): ConfigField[] {
  const properties = (schema as { properties?: Record<string, { description?: unknown }> } | null)?.properties ?? {};
  const values = (defaults ?? {}) as Record<string, unknown>;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    description: typeof property.description === 'string' ? property.description : undefined,
    defaultValue: values[name],
  }));
}

/** A default as words: a template's slots as marked fields, numbers with their separators ("1,000"), objects as "Label: value · …". */
function DefaultValue({ value }: { value: unknown }) {
  if (typeof value === 'string' && value !== '') return <TemplateText text={value} />;
  return <>{value === undefined ? '—' : inlineText(value)}</>;
}

/** A plugin's config fields: name, default value and what the field means. */
export function PluginConfigFields({ schema, defaults }: PluginConfigFieldsProps) {
  const fields = configFields(schema, defaults);
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Configuration</h3>
      {fields.length === 0 ? (
        <p className="text-sm text-base-content/60">This plugin has no settings.</p>
      ) : (
        <dl className="flex flex-col gap-2">
          {fields.map((field) => (
            <div key={field.name} className="border-l-2 border-base-300 pl-3">
              <dt className="flex flex-wrap items-baseline gap-2">
                <code className="font-mono text-sm font-medium">{field.name}</code>
                <span className="text-xs text-base-content/60">default</span>
                <code className="font-mono text-xs wrap-anywhere">
                  <DefaultValue value={field.defaultValue} />
                </code>
              </dt>
              <dd className="text-sm text-base-content/70">
                {field.description ? <TemplateText text={field.description} /> : 'No description.'}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
