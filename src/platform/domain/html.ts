const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text written into HTML (an element's content or an attribute's value) as text, never as markup. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => escapes[c]!);
