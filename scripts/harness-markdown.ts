// A small markdown renderer for the harness pages, standing in for Obsidian's MarkdownRenderer: paragraphs, fenced
// code, pipe tables, bullet lists, **bold**, `code` and [[path|text]] links drawn as Obsidian draws them (an unclosed
// fence while an answer streams is code to the end, as in Obsidian). Not a markdown parser for anything else.

function inline(parent: HTMLElement, text: string): void {
  for (const part of text.split(/(\[\[[^\]]+\]\]|`[^`]+`|\*\*[^*]+\*\*)/)) {
    if (part.startsWith("[[") && part.endsWith("]]")) {
      const [link, alias] = part.slice(2, -2).split("|") as [string, string | undefined];
      parent.createEl("a", { cls: "internal-link", text: alias ?? link, href: link, attr: { "data-href": link } });
    } else if (part.startsWith("`") && part.endsWith("`") && part.length > 1) parent.createEl("code", { text: part.slice(1, -1) });
    else if (part.startsWith("**") && part.endsWith("**") && part.length > 4) parent.createEl("strong", { text: part.slice(2, -2) });
    else parent.appendText(part);
  }
}

/** Renders `md` into `el`. */
export function renderHarnessMarkdown(md: string, el: HTMLElement): void {
  const lines = md.split("\n");
  for (let i = 0; i < lines.length;) {
    const line = lines[i]!;
    if (line.startsWith("```")) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) code.push(lines[i]!);
      i++;
      el.createEl("pre").createEl("code", { text: code.join("\n") });
    } else if (line.startsWith("|")) {
      const table = el.createEl("table");
      let first = true;
      for (; i < lines.length && lines[i]!.startsWith("|"); i++) {
        const cells = lines[i]!.split("|")
          .slice(1, -1)
          .map((c) => c.trim());
        if (cells.every((c) => /^-+$/.test(c))) continue;
        const tr = (first ? table.createEl("thead") : (table.querySelector("tbody") ?? table.createEl("tbody"))).createEl("tr");
        for (const c of cells) inline(tr.createEl(first ? "th" : "td"), c);
        first = false;
      }
    } else if (line.startsWith("- ")) {
      const ul = el.createEl("ul");
      for (; i < lines.length && lines[i]!.startsWith("- "); i++) inline(ul.createEl("li"), lines[i]!.slice(2));
    } else if (line.trim() === "") i++;
    else {
      const para: string[] = [];
      for (; i < lines.length && lines[i]!.trim() !== "" && !/^(```|\||- )/.test(lines[i]!); i++) para.push(lines[i]!);
      inline(el.createEl("p"), para.join(" "));
    }
  }
}
