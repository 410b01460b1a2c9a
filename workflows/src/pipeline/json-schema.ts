// Reading the JSON Schemas zod renders for activity inputs and outputs: the types they admit and
// how two types fit. Shared by the platform's mapping check and the UI's editor, so both judge a
// mapping by the same rule.

/** A JSON Schema as zod renders an activity's input or output (the subset read here). */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
}

/** The JSON types a value may have; `integer` is a kind of number. */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** The JSON type of a constant. */
export function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** The types a schema admits; null when it admits anything (no type said, or a branch that says none). */
export function typesOf(schema: JsonSchema | undefined): JsonType[] | null {
  if (!schema) return null;
  if (schema.const !== undefined) return [typeOfValue(schema.const)];
  if (schema.enum) return [...new Set(schema.enum.map(typeOfValue))];
  if (schema.type) return (Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const all = new Set<JsonType>();
    for (const branch of branches) {
      const types = typesOf(branch);
      if (!types) return null;
      types.forEach((type) => all.add(type));
    }
    return [...all];
  }
  if (schema.allOf?.length) return typesOf(schema.allOf[0]);
  return null;
}

/** True when a value of one of `given` may be one of `wanted` (integers and numbers mix); true when either admits anything. */
export function typesFit(given: readonly JsonType[] | null, wanted: readonly JsonType[] | null): boolean {
  if (!given || !wanted) return true;
  return given.some(
    (type) =>
      wanted.includes(type) || (type === 'integer' && wanted.includes('number')) || (type === 'number' && wanted.includes('integer')),
  );
}

/** The object schema of a schema (the branch of a union that is one), or undefined. */
export function objectBranch(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  return (schema.anyOf ?? schema.oneOf ?? schema.allOf ?? []).find((branch) => branch.properties);
}
