import type { JsonSchema, JsonType } from '@meetflow/workflows/pipeline';

// The schema reading the platform's mapping check uses, so the editor judges types by the same rule.
export { objectBranch, typeOfValue, typesFit, typesOf, type JsonSchema, type JsonType } from '@meetflow/workflows/pipeline';

/** A schema from the API (typed `unknown` there), or undefined when it is not an object. */
export function asSchema(value: unknown): JsonSchema | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

/** Types as people read them: `string`, `integer or null`; `any` when the schema says nothing. */
export const typeText = (types: readonly JsonType[] | null): string => (types ? types.join(' or ') : 'any');

/** The values an enum allows: its `enum`, or a union of constants (`anyOf: [{const: 1}, …]`); undefined otherwise. */
export function enumValues(schema: JsonSchema): unknown[] | undefined {
  if (schema.enum) return schema.enum;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length && branches.every((branch) => branch.const !== undefined || branch.type === 'null'))
    return branches.filter((branch) => branch.const !== undefined).map((branch) => branch.const);
  return undefined;
}
