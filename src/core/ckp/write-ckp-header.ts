import { isMap, isSeq, parseDocument } from "yaml";
import { findFrontmatter } from "../notes/frontmatter";
import { err, ok, type Result } from "../result";

/**
 * Sets frontmatter properties and changes nothing else: other keys, their order and comments stay, line endings
 * (CRLF stays CRLF) and a BOM stay, and the body after the closing `---` is returned byte for byte.
 * A value of `undefined` deletes the key. Invalid existing YAML is an error and the text is not touched.
 */
export function setHeaderFields(text: string, fields: Record<string, unknown>): Result<string, string> {
  const bom = text.charCodeAt(0) === 0xfeff ? "\ufeff" : "";
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const block = findFrontmatter(text);
  const yamlText = block ? block.yamlText.replace(/\r\n/g, "\n") : "";
  const doc = parseDocument(yamlText);
  if (doc.errors.length > 0) return err(`The frontmatter is not valid YAML (${doc.errors[0]!.message.split("\n")[0]}); nothing was changed.`);
  if (doc.contents !== null && !isMap(doc.contents)) return err("The frontmatter is not a set of properties; nothing was changed.");
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) doc.delete(key);
    else {
      // A list written inline ([a, b]) stays inline when it is replaced.
      const old = doc.get(key, true);
      const node = doc.createNode(value);
      if (isSeq(old) && old.flow && isSeq(node)) node.flow = true;
      doc.set(key, node);
    }
  }
  let yaml = doc.toString({ lineWidth: 0, defaultStringType: "PLAIN", defaultKeyType: "PLAIN", flowCollectionPadding: false });
  if (yaml.trim() === "{}" || yaml.trim() === "") yaml = "";
  const header = `---\n${yaml}---\n`.replace(/\n/g, eol);
  const body = block ? text.slice(block.bodyStart) : text.slice(bom.length);
  return ok(bom + header + body);
}
