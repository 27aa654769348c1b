/* The event's fields as the correction form offers them, and the patch it sends (issue [16]). */

/** A value of the event the form can correct: text, a number or yes/no, at its path in the event's data. */
export interface Leaf {
  path: string[];
  value: string | number | boolean;
}

/** What the server masks: a secret is shown as such and is not corrected. */
const masked = '[riservato]';

/** The event's fields the form offers, at any depth of its objects; lists and empty values are shown, not corrected. */
export function leavesOf(data: Record<string, unknown>, path: string[] = []): { editable: Leaf[]; fixed: { path: string[]; value: unknown }[] } {
  const editable: Leaf[] = [];
  const fixed: { path: string[]; value: unknown }[] = [];
  for (const [key, value] of Object.entries(data)) {
    const at = [...path, key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const inner = leavesOf(value as Record<string, unknown>, at);
      editable.push(...inner.editable);
      fixed.push(...inner.fixed);
    } else if ((typeof value === 'string' && value !== masked) || typeof value === 'number' || typeof value === 'boolean') editable.push({ path: at, value });
    else fixed.push({ path: at, value });
  }
  return { editable, fixed };
}

/** A field's path as the API names it (`fields.name`). */
export const keyOf = (path: string[]) => path.join('.');

/** The changed values as a patch of the event's data, in its own shape (nested objects). */
export function patchOf(changed: { path: string[]; value: unknown }[]): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const { path, value } of changed) {
    let at = patch;
    for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
    at[path[path.length - 1]!] = value;
  }
  return patch;
}
