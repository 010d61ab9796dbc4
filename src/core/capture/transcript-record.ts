import { CUT_MARGIN } from "./redact";
/** A tool the assistant used: its name, a one-line summary of its input, and a file path it read or wrote. */
export interface ToolUse {
  id: string;
  name: string;
  summary: string;
  path: string | null;
  command: string | null;
}

/** The fields every record of a Claude Code session may carry. */
interface Base {
  uuid: string | null;
  timestamp: string | null;
  sessionId: string | null;
  cwd: string | null;
  gitBranch: string | null;
  entrypoint: string | null;
  isSidechain: boolean;
}

/**
 * One line of a Claude Code transcript, normalised. The format is unofficial and drifts, so anything not
 * recognised is "other" (counted, never fatal) and a line that is not JSON is "broken".
 */
export type TranscriptRecord =
  | (Base & { kind: "prompt"; text: string; meta: boolean; compactSummary: boolean })
  | (Base & { kind: "tool-results"; results: { toolUseId: string; isError: boolean; text: string }[] })
  | (Base & { kind: "assistant"; messageId: string | null; synthetic: boolean; texts: string[]; tools: ToolUse[] })
  | (Base & { kind: "system"; compaction: boolean })
  | (Base & { kind: "title"; source: "ai" | "custom" | "summary"; title: string })
  | (Base & { kind: "steering"; text: string })
  | (Base & { kind: "other"; type: string })
  | { kind: "broken" };

type Raw = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** Parses one transcript line; never throws. */
export function parseTranscriptLine(line: string): TranscriptRecord {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return { kind: "broken" };
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return { kind: "broken" };
  const r = v as Raw;
  const base: Base = {
    uuid: str(r.uuid),
    timestamp: str(r.timestamp),
    sessionId: str(r.sessionId),
    cwd: str(r.cwd),
    gitBranch: str(r.gitBranch),
    entrypoint: str(r.entrypoint),
    isSidechain: r.isSidechain === true,
  };
  const type = str(r.type) ?? "";
  const message = (typeof r.message === "object" && r.message !== null ? r.message : {}) as Raw;
  if (type === "user") {
    const content = message.content;
    if (Array.isArray(content) && content.some((b) => isBlock(b, "tool_result"))) {
      const results = (content as Raw[])
        .filter((b) => isBlock(b, "tool_result"))
        .map((b) => ({
          toolUseId: str(b.tool_use_id) ?? "",
          isError: b.is_error === true,
          text: blockText(b.content),
        }));
      return { ...base, kind: "tool-results", results };
    }
    const text =
      typeof content === "string"
        ? content
        : Array.isArray(content)
          ? (content as Raw[])
              .filter((b) => isBlock(b, "text"))
              .map((b) => str(b.text) ?? "")
              .join("\n")
          : "";
    return { ...base, kind: "prompt", text, meta: r.isMeta === true, compactSummary: r.isCompactSummary === true };
  }
  if (type === "assistant") {
    const content = Array.isArray(message.content) ? (message.content as Raw[]) : [];
    return {
      ...base,
      kind: "assistant",
      messageId: str(message.id),
      synthetic: str(message.model) === "<synthetic>",
      texts: content
        .filter((b) => isBlock(b, "text"))
        .map((b) => str(b.text) ?? "")
        .filter((t) => t.trim() !== ""),
      tools: content.filter((b) => isBlock(b, "tool_use")).map(toolOf),
    };
  }
  if (type === "system")
    return { ...base, kind: "system", compaction: str(r.subtype) === "compact_boundary" || (str(r.content) ?? "").toLowerCase().includes("compact") };
  if (type === "summary") return { ...base, kind: "title", source: "summary", title: str(r.summary) ?? "" };
  if (type === "ai-title" || type === "custom-title") {
    const title = str(r.customTitle) ?? str(r.aiTitle) ?? str(r.title) ?? "";
    return { ...base, kind: "title", source: type === "ai-title" ? "ai" : "custom", title };
  }
  if (type === "queue-operation" && str(r.operation) === "remove") return { ...base, kind: "steering", text: str(r.content) ?? "" };
  return { ...base, kind: "other", type };
}

function isBlock(b: unknown, type: string): b is Raw {
  return typeof b === "object" && b !== null && (b as Raw).type === type;
}

function blockText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return (content as Raw[])
      .filter((b) => isBlock(b, "text"))
      .map((b) => str(b.text) ?? "")
      .join("\n");
  return "";
}

/** A tool_use block as a name, a short input summary and the file or command it names. */
function toolOf(b: Raw): ToolUse {
  const input = (typeof b.input === "object" && b.input !== null ? b.input : {}) as Raw;
  const path = str(input.file_path) ?? str(input.notebook_path) ?? str(input.path);
  const command = str(input.command);
  const pattern = str(input.pattern) ?? str(input.query) ?? str(input.url) ?? str(input.description);
  // Kept whole (bounded) here: it is redacted, then cut to a line, where it is shown, so a cut never splits a secret.
  const summary = (command ?? path ?? pattern ?? "")
    .slice(0, 120 + CUT_MARGIN)
    .replace(/\s+/g, " ")
    .trim();
  return { id: str(b.id) ?? "", name: str(b.name) ?? "tool", summary, path, command };
}
