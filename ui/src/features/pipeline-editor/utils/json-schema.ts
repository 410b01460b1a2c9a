/** A JSON Schema as zod renders an activity's input or output (the subset the editor reads). */
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

/** A schema from the API (typed `unknown` there), or undefined when it is not an object. */
export function asSchema(value: unknown): JsonSchema | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

/** The JSON type of a constant. */
export function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** The types a schema admits, as the platform's check reads them; null when it admits anything. */
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

/** True when a value of one of `given` may be one of `wanted` (the platform's rule: integers and numbers mix). */
export function typesFit(given: readonly JsonType[] | null, wanted: readonly JsonType[] | null): boolean {
  if (!given || !wanted) return true;
  return given.some(
    (type) =>
      wanted.includes(type) || (type === 'integer' && wanted.includes('number')) || (type === 'number' && wanted.includes('integer')),
  );
}

/** Types as people read them: `string`, `integer or null`; `any` when the schema says nothing. */
export const typeText = (types: readonly JsonType[] | null): string => (types ? types.join(' or ') : 'any');

/** The object schema of a schema (the branch of a union that is one), or undefined. */
export function objectBranch(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  return (schema.anyOf ?? schema.oneOf ?? schema.allOf ?? []).find((branch) => branch.properties);
}

/** The values an enum allows: its `enum`, or a union of constants (`anyOf: [{const: 1}, …]`); undefined otherwise. */
export function enumValues(schema: JsonSchema): unknown[] | undefined {
  if (schema.enum) return schema.enum;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length && branches.every((branch) => branch.const !== undefined || branch.type === 'null'))
    return branches.filter((branch) => branch.const !== undefined).map((branch) => branch.const);
  return undefined;
}
