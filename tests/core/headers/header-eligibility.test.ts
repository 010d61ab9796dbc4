import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/core/notes/parse-note";
import { generatedReason, headerSkipReason, readTemplateFolders } from "../../../src/core/headers/header-eligibility";

const none = { folders: [] };
const skip = (path: string, text: string, folders: string[] = []): string | null => headerSkipReason(path, text, parseNote(text), { folders });

describe("which notes may have a header", () => {
  it("reads the template folders from the Templates core plugin's and Templater's settings, ignoring what is not a folder", () => {
    expect(readTemplateFolders('{"folder":"Meta/Templates/"}', '{"templates_folder":"/Templater"}').folders).toEqual(["Meta/Templates", "Templater"]);
    expect(readTemplateFolders("not json", '{"templates_folder": 3}').folders).toEqual([]);
    expect(readTemplateFolders('{"folder":"../outside"}', null).folders).toEqual([]);
    expect(readTemplateFolders(null, null).folders).toEqual([]);
  });

  it("skips templates: in a template folder, in a folder named for templates when none is set, or holding placeholders", () => {
    const prose = "# Meeting\n\nAgenda, people and the decisions of the meeting go here.\n";
    expect(skip("Meta/Forms/Meeting.md", prose, ["Meta/Forms"])).toBe("is a template (in the template folder)");
    expect(skip("Meta/Formsets/Meeting.md", prose, ["Meta/Forms"])).toBeNull();
    expect(skip("05-SYSTEM/Templates/Meeting.md", prose)).toBe("is a template (in a folder of templates)");
    // a configured folder is the rule: a folder merely named Templates elsewhere is then a folder like any other
    expect(skip("Notes/Templates/Meeting.md", prose, ["Meta/Forms"])).toBeNull();
    expect(skip("Notes/Daily.md", "---\ncreated: <% tp.date.now() %>\n---\n# Day\n\nWhat happened.\n")).toContain("it holds placeholders");
    expect(skip("Notes/Weekly.md", "# {{title}}\n\nThe week in review.\n")).toContain("it holds placeholders");
    expect(skip("Notes/Weekly.md", "# {{date:YYYY-MM-DD}}\n\nThe week in review.\n")).toContain("it holds placeholders");
  });

  it("does not take placeholders written as code for a template (a note about Templater)", () => {
    const about = "# Templater\n\nWrite `<% tp.file.title %>` for the title.\n\n```\n<% tp.date.now() %>\n```\n\nUse {{ name }} in Mustache.\n";
    expect(skip("Notes/Templater.md", about)).toBeNull();
  });

  it("skips drawings, boards and canvases", () => {
    expect(skip("Drawings/Plan.excalidraw.md", "# Text\n\nA shed.\n")).toBe("is an Excalidraw drawing");
    expect(skip("Drawings/Plan.md", "---\nexcalidraw-plugin: parsed\n---\n# Text\n")).toBe("is an Excalidraw drawing");
    expect(skip("Boards/Chores.md", "---\nkanban-plugin: basic\n---\n## To do\n")).toBe("is a Kanban board");
    expect(skip("Maps/Garden.canvas", "{}")).toBe("is a canvas");
  });

  it("calls dated tool reports, tool logs, tagged reports and chat transcripts generated, and a written note or a map of links not", () => {
    const g = (path: string, text: string): string | null => generatedReason(path, text, parseNote(text));
    expect(g("05-SYSTEM/Audit/Broken Links Output 2025-12-23.md", "- [[a]] in [[b]]\n")).toBe("a dated tool report");
    expect(g("05-SYSTEM/Audit/Tagless Files 2025-12-23.md", "- [[a]]\n")).toBe("a dated tool report");
    expect(g("Audit/AuditLog-2025-12-20.md", "# Vault audit\n")).toBe("a dated tool report");
    expect(g("05-SYSTEM/Logs/copilot-log.md", "lines\n")).toBe("a tool's log");
    expect(g("Notes/Vault health.md", "---\ntags: [Type/AuditLog]\n---\n# Health\n")).toBe("tagged as a tool's output");
    expect(g("Chats/Research.md", "**user**: Research this\n\n**ai**: Here is what I found.\n")).toBe("a chat transcript");
    expect(g("Reports/2025-03-01.md", "# Lint\n")).toBe("a dated tool report");
    expect(g("Notes/Report on the 2025-03-01 meeting.md", "# Meeting\n\nWe chose the blue one.\n")).toBeNull();
    expect(g("Notes/Trip report.md", "# Trip\n\nWe walked the ridge.\n")).toBeNull();
    expect(g("Maps/MOC - Garden.md", Array.from({ length: 40 }, (_, i) => `- [[Plant ${i}]]`).join("\n"))).toBeNull();
    expect(g("Notes/Work log 2025-03-01.md", "# Monday\n\nFixed the gate.\n")).toBeNull();
    expect(headerSkipReason("Notes/x.md", "# x\n\nA written note.\n", parseNote("# x\n\nA written note.\n"), none)).toBeNull();
  });
});
