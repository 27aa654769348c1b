/*
 * The templates' marks: `{{name}}` is the variable's value (HTML-escaped in the HTML part),
 * `{{#name}}…{{/name}}` shows its text only when the variable has a value (e.g. a pickup code).
 * A mark without a value renders empty rather than leaking `{{…}}` to a customer.
 */

import { escapeHtml } from '../../platform/domain/html.js';

export type TemplateData = Record<string, string | number | null | undefined>;

const present = (value: TemplateData[string]) => value !== null && value !== undefined && value !== '';

export function renderTemplate(template: string, data: TemplateData, { html }: { html: boolean }): string {
  return template
    .replace(/\{\{#(\w+)\}\}([\s\S]*?)\{\{\/\1\}\}/g, (_, name: string, inner: string) => (present(data[name]) ? inner : ''))
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = data[name];
      if (!present(value)) return '';
      return html ? escapeHtml(String(value)) : String(value);
    });
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function renderEmail(template: { subject: string; htmlContent: string; textContent: string }, data: TemplateData): RenderedEmail {
  return {
    subject: renderTemplate(template.subject, data, { html: false }).replace(/\s+/g, ' ').trim(),
    html: renderTemplate(template.htmlContent, data, { html: true }),
    text: renderTemplate(template.textContent, data, { html: false }),
  };
}

/** The variables a template's marks name, each once, in the order they first appear. */
export function templateVariables(template: { subject: string; htmlContent: string; textContent: string }): string[] {
  const names = [template.subject, template.htmlContent, template.textContent].flatMap((part) => [...part.matchAll(/\{\{[#/]?(\w+)\}\}/g)].map((m) => m[1]!));
  return [...new Set(names)];
}
