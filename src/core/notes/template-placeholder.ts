/**
 * Placeholders of the Templater plugin (`<% … %>`) and of the Templates core plugin (`{{title}}`, `{{date:…}}`): a text
 * that holds one is a template, filled in when a note is made from it, not a note of its own.
 */
export const TEMPLATE_PLACEHOLDER = /<%[\s\S]*?%>|\{\{\s*(?:title|date|time)(?::[^}]*)?\s*\}\}/i;

/**
 * True for a link path (or subpath) that is a template's placeholder: Templater's `<% … %>`, or any `{{…}}` (the
 * Templates core plugin's and other template plugins' own, which a link in a template may hold). Such a link is filled
 * in when a note is made from the template, so it is never broken. Wider than TEMPLATE_PLACEHOLDER, which decides
 * whether a whole note is a template and so must not take a `{{…}}` in prose for one.
 */
export function isTemplatePlaceholder(linkpath: string): boolean {
  return /<%.*%>|\{\{.*\}\}/.test(linkpath);
}
