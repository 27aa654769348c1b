import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A person's input is never changed in silence ([16]): the page refuses it or says what it
 * changed. Two ways it used to happen, closed here for every web source file:
 * - the HTML `maxLength` attribute, with which the browser cuts a pasted text to the limit without
 *   a word (a limit goes through LimitedTextField and tooLong in components/form-kit.tsx: counted,
 *   marked wrong over it, refused before sending);
 * - a typed value cut or clamped as it is read (`Math.min(max, Number(e.target.value))`,
 *   `e.target.value.slice(0, 6)`): 9999 became the stock, a long code became another code.
 */

const root = path.dirname(new URL(import.meta.url).pathname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The code without its comments (a comment may name what it no longer does). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/**
 * react-admin's own validator messages (ra-it.ts) translate its `maxLength()` check, which refuses
 * with a message: it is a message's key, no attribute.
 */
const messageKeys = /^\s*maxLength: 'Al massimo %\{max\} caratteri',$/;

/** The lines of `text` that set a length limit on an input (`maxLength`, any case, prop or attribute). */
function lengthLimits(text: string): string[] {
  return withoutComments(text)
    .split('\n')
    .filter((line) => /\bmaxlength\b/i.test(line) && !messageKeys.test(line))
    .map((line) => line.trim());
}

/** Reading a typed value that cuts or moves it: slicing, clamping or rounding on the line that reads `target.value`. */
const cutOrClamped = /\.(slice|substring|substr)\(|\bMath\.(min|max|round|trunc|floor|ceil)\(|\bclamp\w*\(/;

/** The lines of `text` that change a typed value as they read it. */
function silentChanges(text: string): string[] {
  return withoutComments(text)
    .split('\n')
    .filter((line) => /\btarget\.value\b/.test(line) && cutOrClamped.test(line))
    .map((line) => line.trim());
}

describe('a person’s input is never changed in silence', () => {
  const files = sources(root);

  it('reads the web’s source files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.endsWith(path.join('cart', 'AddToCart.tsx')))).toBe(true);
  });

  it('sets no maxLength on any input: a text over its limit is counted and refused, never cut by the browser', () => {
    const found = files.flatMap((file) => lengthLimits(readFileSync(file, 'utf8')).map((line) => `${path.relative(root, file)}: ${line}`));
    expect(found).toEqual([]);
  });

  it('neither cuts nor clamps a typed value as it reads it', () => {
    const found = files.flatMap((file) => silentChanges(readFileSync(file, 'utf8')).map((line) => `${path.relative(root, file)}: ${line}`));
    expect(found).toEqual([]);
  });

  it('finds what it looks for', () => {
    expect(lengthLimits('<TextField slotProps={{ htmlInput: { maxLength: MAX_TITLE } }} />')).toHaveLength(1);
    expect(lengthLimits('<input maxLength={6} />')).toHaveLength(1);
    expect(lengthLimits('inputProps={{ maxlength: 200 }}')).toHaveLength(1);
    expect(lengthLimits('slotProps={{ htmlInput: { maxLength } }}')).toHaveLength(1);
    expect(lengthLimits("    maxLength: 'Al massimo %{max} caratteri',")).toEqual([]);
    expect(lengthLimits('// no maxLength here: LimitedTextField')).toEqual([]);

    expect(silentChanges("onChange={(e) => onChange(clamp(Number(e.target.value.replace(/\\D/g, '') || '1')))}")).toHaveLength(1);
    expect(silentChanges("onChange={(e) => onChange(e.target.value.replace(/\\D/g, '').slice(0, 6))}")).toHaveLength(1);
    expect(silentChanges('const km = Math.round(Number(e.target.value));')).toHaveLength(1);
    expect(silentChanges('onChange={(e) => setTitle(e.target.value)}')).toEqual([]);
    expect(silentChanges("onChange={(e) => onChange(e.target.value.replace(/\\D/g, ''))}")).toEqual([]);
  });
});
