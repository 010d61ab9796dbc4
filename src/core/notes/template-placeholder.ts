/**
 * Placeholders of the Templater plugin (`<% … %>`) and of the Templates core plugin (`{{title}}`, `{{date:…}}`): a text
 * that holds one is a template, filled in when a note is made from it, not a note of its own.
 */
export const TEMPLATE_PLACEHOLDER = /<%[\s\S]*?%>|\{\{\s*(?:title|date|time)(?::[^}]*)?\s*\}\}/i;
