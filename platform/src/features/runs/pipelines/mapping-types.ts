import {
  objectBranch,
  referenceOf,
  splitReference,
  typeOfValue,
  typesFit,
  typesOf,
  type JsonSchema,
  type JsonType,
  type PipelineDefinition,
} from '@meetflow/workflows/pipeline';

export type { JsonSchema };

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

const NUMERIC = new Set(['gt', 'gte', 'lt', 'lte']);

const describeTypes = (types: readonly JsonType[]) => types.join(' or ');

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
/** A schema's own property `key`: never a member every object has ("toString", "constructor", "__proto__"). */
function ownProperty(object: { properties?: Record<string, JsonSchema> }, key: string): JsonSchema | undefined {
  return object.properties && Object.hasOwn(object.properties, key) ? object.properties[key] : undefined;
}

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
    const property = ownProperty(object, key);
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
    const reference = referenceOf(template);
    if (reference) {
      const { schema, label } = referenced(reference);
      const path = splitReference(reference).path;
      if (schema === undefined) {
        problems.push({ node: nodeId, field: at, message: `"${path}" is not in the output of ${label}` });
        return;
      }
      const given = typesOf(schema ?? undefined);
      const wanted = typesOf(target);
      if (given && wanted && !typesFit(given, wanted)) {
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
        if (wanted && !wanted.includes('object'))
          problems.push({ node: nodeId, field: at, message: `takes ${describeTypes(wanted)}, not an object` });
        return;
      }
      const entries = template as Record<string, unknown>;
      for (const [key, value] of Object.entries(entries)) {
        const property = ownProperty(object, key);
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
        if (!Object.hasOwn(entries, key))
          problems.push({ node: nodeId, field: field ? `${field}.${key}` : key, message: 'is required: map it' });
      }
      return;
    }
    if (Array.isArray(template)) {
      const array = arrayBranch(target);
      const wanted = typesOf(target);
      if (!array) {
        if (wanted && !wanted.includes('array'))
          problems.push({ node: nodeId, field: at, message: `takes ${describeTypes(wanted)}, not a list` });
        return;
      }
      template.forEach((item, index) => check(nodeId, `${field}.${index}`, item, array.items));
      return;
    }
    const wanted = typesOf(target);
    if (wanted && !typesFit([typeOfValue(template)], wanted)) {
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
    if (given && NUMERIC.has(node.when.op) && !typesFit(given, ['number'])) {
      problems.push({
        node: node.id,
        field: 'when',
        message: `"${node.when.op}" compares numbers, but ${node.when.path} is ${describeTypes(given)}`,
      });
    } else if (given && (node.when.op === 'eq' || node.when.op === 'ne') && node.when.value !== undefined) {
      const value = typeOfValue(node.when.value);
      if (!typesFit([value], given))
        problems.push({
          node: node.id,
          field: 'when',
          message: `${node.when.path} is ${describeTypes(given)}, never ${value} ${JSON.stringify(node.when.value)}`,
        });
    }
  }
  return problems;
}
