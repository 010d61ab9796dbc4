/** A place in a note's text, 0-based like Obsidian's `Loc` (line, column in UTF-16 units, offset). */
export interface Loc {
  line: number;
  col: number;
  offset: number;
}

/**
 * How a link was written.
 * - wikilink `[[a#b|c]]`, embed `![[a]]`
 * - markdown `[c](a.md#b)`, markdown-embed `![c](a.png)` (local targets only; URLs are not links)
 * - frontmatter: a wikilink inside a frontmatter property value (`up: "[[a]]"`)
 */
export type LinkKind = "wikilink" | "embed" | "markdown" | "markdown-embed" | "frontmatter";

/** One link as written in a note, with where it sits. */
export interface NoteLink {
  kind: LinkKind;
  /** Link path without subpath, as Obsidian would look it up (markdown links URL-decoded); "" for `[[#heading]]`. */
  path: string;
  /** "" or the subpath with its leading `#`: `#Heading`, `#A#B`, `#^block-id`. */
  subpath: string;
  /** Display text when written (`[[a|shown]]`, `[shown](a.md)`), else undefined. */
  display?: string;
  /** The exact source text of the link. */
  original: string;
  start: Loc;
  end: Loc;
  /** For kind "frontmatter": the property key holding the link (`similar_high`, `up`, ...). */
  property?: string;
}

/** A markdown heading (ATX `#` or setext). */
export interface Heading {
  text: string;
  level: number;
  line: number;
}

/** A block id `^id` at the end of a paragraph or list item. */
export interface BlockId {
  id: string;
  line: number;
}

/** Why the frontmatter could not be read; the note is still parsed (links, headings) without it. */
export interface FrontmatterError {
  message: string;
  line: number;
  col: number;
  /** The YAML holds a template's placeholders (`<% tp.file.title %>`, `{{date}}`): a template, filled in when used. */
  template?: boolean;
}

/** Everything the core needs to know about one note's text; plain data, no behaviour. */
export interface ParsedNote {
  /** The YAML frontmatter as a plain object, or null when there is none or it is invalid. */
  frontmatter: Record<string, unknown> | null;
  /** Set when a frontmatter block exists but is not valid YAML (or not a mapping). */
  frontmatterError: FrontmatterError | null;
  /** Line and offset where the body starts (after the closing `---`), 0 when there is no frontmatter. */
  bodyStartLine: number;
  bodyStartOffset: number;
  headings: Heading[];
  blockIds: BlockId[];
  /** Body links and frontmatter links, in document order. Links in code, comments and `%%` are not here. */
  links: NoteLink[];
  /** Whitespace-separated words after the frontmatter (code included, comments not; each CJK character is a word), like Obsidian's word count. */
  wordCount: number;
  /** 0-based line of each top-level frontmatter property, when known (the Obsidian adapter may leave it empty). */
  propertyLines?: Record<string, number>;
}
