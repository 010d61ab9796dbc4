// A graph model of a knowledge folder "knowledge" over some notes' texts, links resolved as in a vault of them.
import { readCkpHeader } from "../../src/core/ckp/read-ckp-header";
import { GraphModel, graphArticleOf } from "../../src/core/graph/graph-model";
import { VaultIndex } from "../../src/core/links/vault-index";
import { parseNote } from "../../src/core/notes/parse-note";

export function graphModelOf(files: Record<string, string>): GraphModel {
  const vault = new VaultIndex();
  for (const [p, t] of Object.entries(files)) vault.setNote(p, t);
  const model = new GraphModel(
    () => "knowledge",
    (l, from) => vault.resolve(l, from),
  );
  for (const [p, t] of Object.entries(files)) {
    const parsed = parseNote(t);
    model.set(graphArticleOf(p, readCkpHeader(parsed.frontmatter), parsed));
  }
  return model;
}
