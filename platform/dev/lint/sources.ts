// Reading TypeScript sources as the checks under platform/dev/lint (and the platform's layout test,
// features/features.test.ts) need them: which files, and what each imports.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Every TypeScript source file under `dir` that is not a test (`*.test.ts`). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The module specifiers `source` imports: `import … from`, `import '…'`, `export … from`,
 * `import x = require('…')`, `import('…')` with a literal, and `import('…')` types. A specifier in a
 * string or a comment is not an import; neither is a computed `import(path)`, which tsc cannot see.
 */
export function importedSpecifiers(source: string, fileName = 'file.ts'): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) found.push(node.text);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      literal(node.moduleReference.expression);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) literal(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
