import { splitReference, type PipelineDefinition } from '@meetflow/workflows/pipeline';

/** A JSON Schema as zod renders an activity's input or output (the subset read here). */
export interface JsonSchema {
  type?: string | string[];
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

/** What the check knows of an activity: its input and output schemas (absent: anything goes). */
export interface ActivitySchemas {
  input?: JsonSchema;
  output?: JsonSchema;
}

/** One mapping that cannot work: the node, the input field (dotted; `when` for its condition) and why. */
export interface MappingProblem {
  node: string;
  field: string;
  message: string;
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

const REFERENCE = /^\{\{\s*([\w.-]+)\s*\}\}$/;
const NUMERIC = new Set(['gt', 'gte', 'lt', 'lte']);

/** The JSON type of a constant. */
function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** The types a schema admits; null when it admits anything (no type said, or a branch that says none). */
export function typesOf(schema: JsonSchema | undefined): Set<JsonType> | null {
  if (!schema) return null;
  if (schema.const !== undefined) return new Set([typeOfValue(schema.const)]);
  if (schema.enum) return new Set(schema.enum.map(typeOfValue));
  if (schema.type) return new Set((Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[]);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const all = new Set<JsonType>();
    for (const branch of branches) {
      const types = typesOf(branch);
      if (!types) return null;
      for (const type of types) all.add(type);
    }
    return all;
  }
  if (schema.allOf?.length) return typesOf(schema.allOf[0]);
  return null;
}

/** True when a value of one of `given` may be one of `wanted` (an integer is a number). */
function fits(given: Set<JsonType>, wanted: Set<JsonType>): boolean {
  for (const type of given) {
    if (wanted.has(type) || (type === 'integer' && wanted.has('number')) || (type === 'number' && wanted.has('integer'))) return true;
  }
  return false;
}

const describeTypes = (types: Set<JsonType>) => [...types].join(' or ');

/** The object schema of a schema (the branch of a union that is one), or undefined. */
function objectBranch(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  return (schema.anyOf ?? schema.oneOf ?? schema.allOf ?? []).find((branch) => branch.properties);
}

/** The array schema of a schema (the branch of a union that is one), or undefined. */
function arrayBranch(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.items) return schema;
  return (schema.anyOf ?? schema.oneOf ?? []).find((branch) => branch.items);
}

/**
 * The schema of the value at `path` inside a value of `schema`: `undefined` when the path is
 * known not to exist (a closed object without that property), `null` when nothing can be said.
 */
export function schemaAt(schema: JsonSchema | undefined, path: string): JsonSchema | null | undefined {
  let current: JsonSchema | undefined = schema;
  for (const key of path.split('.').filter(Boolean)) {
    if (!current) return null;
    const array = /^\d+$/.test(key) ? arrayBranch(current) : undefined;
    if (array) {
      current = array.items;
      continue;
    }
    const object = objectBranch(current);
    if (!object) return typesOf(current) ? undefined : null; // a string or number has no fields
    const property = object.properties?.[key];
    if (property) current = property;
    else if (object.additionalProperties === false) return undefined;
    else if (typeof object.additionalProperties === 'object') current = object.additionalProperties;
    else return null;
  }
  return current ?? null;
}

/**
 * Every mapping of a definition that cannot fit the activity it feeds, checked against the
 * activities' JSON Schemas before a run: a constant of the wrong type (or outside an enum), a
 * reference to a field an upstream node's output does not have, or of a type the input field
 * does not take, a required input field left unmapped, a field the input does not have, and a
 * condition reading a missing field (or comparing a non-number with gt/lt). References to the
 * run input are not typed (the run input has no schema) and pass.
 */
export function mappingProblems(definition: PipelineDefinition, schemas: ReadonlyMap<string, ActivitySchemas>): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const nodes = new Map(definition.nodes.map((node) => [node.id, node]));

  /** The schema a reference reads: null when unknown (the run input, a node of unknown activity). */
  function referenced(reference: string): { schema: JsonSchema | null | undefined; label: string } {
    const { source, path } = splitReference(reference);
    const node = nodes.get(source);
    if (source === 'input' || !node) return { schema: null, label: reference };
    const output = schemas.get(node.activity)?.output;
    return { schema: output ? schemaAt(output, path) : null, label: `${source} (${node.activity})` };
  }

  function check(nodeId: string, field: string, template: unknown, target: JsonSchema | undefined) {
    const at = field || '(input)';
    const reference = typeof template === 'string' ? REFERENCE.exec(template)?.[1] : undefined;
    if (reference) {
      const { schema, label } = referenced(reference);
      const path = splitReference(reference).path;
      if (schema === undefined) {
        problems.push({ node: nodeId, field: at, message: `"${path}" is not in the output of ${label}` });
        return;
      }
      const given = typesOf(schema ?? undefined);
      const wanted = typesOf(target);
      if (given && wanted && !fits(given, wanted)) {
        problems.push({
          node: nodeId,
          field: at,
          message: `takes ${describeTypes(wanted)}, but {{ ${reference} }} is ${describeTypes(given)}`,
        });
      }
      return;
    }
    if (template !== null && typeof template === 'object' && !Array.isArray(template)) {
      const object = objectBranch(target);
      const wanted = typesOf(target);
      if (!object) {
        if (wanted && !wanted.has('object'))
          problems.push({ node: nodeId, field: at, message: `takes ${describeTypes(wanted)}, not an object` });
        return;
      }
      const entries = template as Record<string, unknown>;
      for (const [key, value] of Object.entries(entries)) {
        const property = object.properties?.[key];
        const child = field ? `${field}.${key}` : key;
        if (!property && object.additionalProperties === false) {
          problems.push({
            node: nodeId,
            field: child,
            message: `is not a field of this input (it has ${Object.keys(object.properties ?? {}).join(', ')})`,
          });
          continue;
        }
        check(
          nodeId,
          child,
          value,
          property ?? (typeof object.additionalProperties === 'object' ? object.additionalProperties : undefined),
        );
      }
      for (const key of object.required ?? []) {
        if (!(key in entries)) problems.push({ node: nodeId, field: field ? `${field}.${key}` : key, message: 'is required: map it' });
      }
      return;
    }
    if (Array.isArray(template)) {
      const array = arrayBranch(target);
      const wanted = typesOf(target);
      if (!array) {
        if (wanted && !wanted.has('array'))
          problems.push({ node: nodeId, field: at, message: `takes ${describeTypes(wanted)}, not a list` });
        return;
      }
      template.forEach((item, index) => check(nodeId, `${field}.${index}`, item, array.items));
      return;
    }
    const wanted = typesOf(target);
    if (wanted && !fits(new Set([typeOfValue(template)]), wanted)) {
      problems.push({
        node: nodeId,
        field: at,
        message: `takes ${describeTypes(wanted)}, not ${typeOfValue(template)} ${JSON.stringify(template)}`,
      });
    } else if (target?.enum && !target.enum.includes(template)) {
      problems.push({ node: nodeId, field: at, message: `must be one of ${target.enum.map((value) => JSON.stringify(value)).join(', ')}` });
    }
  }

  for (const node of definition.nodes) {
    const activity = schemas.get(node.activity);
    if (activity?.input) check(node.id, '', node.input ?? {}, activity.input);
    if (!node.when) continue;
    const { schema, label } = referenced(node.when.path);
    const { path } = splitReference(node.when.path);
    if (schema === undefined) {
      problems.push({ node: node.id, field: 'when', message: `"${path}" is not in the output of ${label}` });
      continue;
    }
    const given = typesOf(schema ?? undefined);
    if (given && NUMERIC.has(node.when.op) && !fits(given, new Set(['number']))) {
      problems.push({
        node: node.id,
        field: 'when',
        message: `"${node.when.op}" compares numbers, but ${node.when.path} is ${describeTypes(given)}`,
      });
    } else if (given && (node.when.op === 'eq' || node.when.op === 'ne') && node.when.value !== undefined) {
      const value = typeOfValue(node.when.value);
      if (!fits(new Set([value]), given))
        problems.push({
          node: node.id,
          field: 'when',
          message: `${node.when.path} is ${describeTypes(given)}, never ${value} ${JSON.stringify(node.when.value)}`,
        });
    }
  }
  return problems;
}
