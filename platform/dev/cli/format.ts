// `npm run format`: rewrites the TypeScript and JavaScript files in Prettier's layout (.prettierrc.json); npm run lint checks it.
import { FORMATTED, runLintTool } from './lint.ts';

if (import.meta.main) process.exit(runLintTool('prettier/bin/prettier.cjs', ['--write', '--log-level', 'warn', ...FORMATTED]) ? 0 : 1);
