import { asSchema, enumValues, objectBranch, typesOf, typeText, type JsonSchema, type JsonType } from './json-schema.ts';

/** How a field's constant is entered: a typed control, a nested form (one level), or JSON text. */
export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'object' | 'json';

/** One field of an activity's input, as the mapping form offers it. */
export interface MappingField {
  /** Dotted path inside the node's input: `scoring`, `scoring.totalScore`. */
  path: string;
  /** The property name, its label on screen. */
  key: string;
  required: boolean;
  description?: string;
  kind: FieldKind;
  /** What the field takes (the reference picker compares against it); null: anything. */
  types: JsonType[] | null;
  /** `string`, `integer or null`, `object`. */
  typeText: string;
  /** The choices of an enum field. */
  options: unknown[];
  /** An object field's own fields, mapped one by one (one level down only; deeper objects are JSON). */
  fields: MappingField[];
}

const SCALARS: readonly JsonType[] = ['string', 'number', 'integer', 'boolean'];

/** The control a field's constant needs, from its schema; `nested` is false below the first level. */
function kindOf(schema: JsonSchema, types: JsonType[] | null, nested: boolean): FieldKind {
  if (enumValues(schema)) return 'enum';
  const present = types?.filter((type) => type !== 'null') ?? [];
  if (present.length === 1 && SCALARS.includes(present[0]!)) return present[0] as FieldKind;
  if (present.length === 1 && present[0] === 'object' && nested && objectBranch(schema)) return 'object';
  return 'json';
}

/**
 * The fields of a mapping form, from an activity's input JSON Schema: one per property, in
 * schema order, with the control its constant needs. Objects with properties open one level of
 * fields of their own; deeper objects, arrays and unions are edited as JSON.
 */
export function mappingFields(inputSchema: unknown, prefix = '', depth = 1): MappingField[] {
  const object = objectBranch(asSchema(inputSchema));
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).map(([key, schema]) => {
    const types = typesOf(schema);
    const kind = kindOf(schema, types, depth > 0);
    const path = prefix ? `${prefix}.${key}` : key;
    return {
      path,
      key,
      required: required.has(key),
      ...(schema.description ? { description: schema.description } : {}),
      kind,
      types,
      typeText: typeText(types),
      options: kind === 'enum' ? (enumValues(schema) ?? []) : [],
      fields: kind === 'object' ? mappingFields(schema, path, depth - 1) : [],
    };
  });
}
