import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { boundaries } from '../../eslint/boundaries.js';

/*
 * The layout's import rules live once, in eslint/boundaries.js (`npm run lint` holds the tree to
 * them). A test proves that each rule says what it should: it lints a line written as if in a
 * file of the tree, with those rules alone (no types needed, so in milliseconds).
 */

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, plugins: { '@typescript-eslint': tseslint.plugin } }, ...boundaries],
});

/** The boundary rules' messages for `code` written in `file` (a path from the repository's root). */
export async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}
