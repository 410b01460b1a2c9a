import { z } from 'zod';

/** The parts of a field's JSON Schema that say what it refuses. */
export interface FieldSchema {
  type?: string | string[];
  anyOf?: FieldSchema[];
  enum?: unknown[];
  pattern?: string;
  maxLength?: number;
}

type ObjectSchema = { properties?: Record<string, FieldSchema>; required?: string[] };

/** The top-level fields of an object schema (of every branch, for a union) and which are required, as documented. */
export function fieldsOf(schema: z.ZodType): { properties: Record<string, FieldSchema>; required: string[] } {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as ObjectSchema & { anyOf?: ObjectSchema[] };
  const branches = json.anyOf ?? [json];
  return {
    properties: Object.assign({}, ...branches.map((branch) => branch.properties ?? {})) as Record<string, FieldSchema>,
    // Required by every branch: leaving it out is wrong whichever branch the route picks.
    required: (branches[0]?.required ?? []).filter((name) => branches.every((branch) => branch.required?.includes(name))),
  };
}

const typesOf = (field: FieldSchema): string[] => [...[field.type ?? []].flat(), ...(field.anyOf ?? []).flatMap(typesOf)];

const SAMPLES: Array<[value: unknown, types: string[]]> = [
  [12345, ['number', 'integer']],
  ['not-valid-here', ['string']],
  [true, ['boolean']],
  [['x'], ['array']],
  [{ x: 1 }, ['object']],
];

/** A JSON value of a type the field does not take, or undefined for a field that takes anything. */
export function wrongTypeFor(field: FieldSchema): unknown {
  const accepted = typesOf(field);
  if (accepted.length === 0) return undefined;
  return SAMPLES.find(([, types]) => !types.some((type) => accepted.includes(type)))?.[0];
}

/** A query-string (or path) value the field refuses, or undefined when every string passes. */
export function badStringFor(field: FieldSchema): string | undefined {
  const accepted = typesOf(field);
  if (accepted.includes('number') || accepted.includes('integer')) return 'not-a-number';
  if (field.enum) return 'not-an-option';
  if (field.pattern) return ['Not Valid!', '!', '0'].find((candidate) => !new RegExp(field.pattern!).test(candidate));
  if (field.maxLength !== undefined) return 'x'.repeat(field.maxLength + 1);
  return undefined;
}

/** True when an error text names the field the way the API does (`field: problem`, listed after `: ` or `; `). */
export function namesField(text: string, field: string): boolean {
  return new RegExp(`(?:^|: |; )${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `).test(text);
}
