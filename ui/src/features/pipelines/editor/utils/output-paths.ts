import { asSchema, objectBranch, typesOf, typeText, type JsonType } from './json-schema.ts';

/** One value a reference can read from a step's output: `''` is the whole output. */
export interface OutputPath {
  path: string;
  types: JsonType[] | null;
  typeText: string;
}

/**
 * Every path of an output JSON Schema a reference can read, the whole output first, then each
 * property depth first (objects are walked `maxDepth` levels down; arrays are read whole).
 */
export function outputPaths(outputSchema: unknown, maxDepth = 3): OutputPath[] {
  const paths: OutputPath[] = [];
  const walk = (schema: unknown, path: string, depth: number) => {
    const types = typesOf(asSchema(schema));
    paths.push({ path, types, typeText: typeText(types) });
    const object = objectBranch(asSchema(schema));
    if (!object?.properties || depth >= maxDepth) return;
    for (const [key, child] of Object.entries(object.properties)) walk(child, path ? `${path}.${key}` : key, depth + 1);
  };
  walk(outputSchema, '', 0);
  return paths;
}
