import { Transform, type TransformCallback } from "node:stream";
import { Buffer } from "node:buffer";

/** What was dropped: the line's size, and its first and last few kilobytes (where a JSON-RPC id stands). */
export interface DroppedLine {
  bytes: number;
  head: string;
  tail: string;
}

const KEEP = 4096;

/**
 * Passes stdin on in whole lines of at most `limit` bytes and drops a longer line (reporting it), so one oversized
 * message cannot end the server: the MCP SDK's stdio transport closes itself on a message over its 10 MB buffer,
 * and the server then left with exit 0 and nothing said. Memory stays bounded by the limit.
 */
export class LineLimitStream extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private dropping: DroppedLine | null = null;
  private tailParts: Buffer[] = [];

  constructor(
    private readonly limit: number,
    private readonly onDrop: (line: DroppedLine) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: string, done: TransformCallback): void {
    let at = 0;
    while (at < chunk.length) {
      const nl = chunk.indexOf(10, at);
      const end = nl === -1 ? chunk.length : nl + 1;
      this.takePiece(chunk.subarray(at, end), nl !== -1);
      at = end;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.dropping) this.finishDrop();
    else if (this.pendingBytes > 0) this.push(Buffer.concat(this.pending));
    done();
  }

  /** One piece of a line (ending the line when `ends`). */
  private takePiece(piece: Buffer, ends: boolean): void {
    if (this.dropping) {
      this.dropping.bytes += piece.length;
      this.keepTail(piece);
    } else if (this.pendingBytes + piece.length > this.limit) {
      const head = Buffer.concat([...this.pending, piece]);
      this.dropping = { bytes: head.length, head: head.subarray(0, KEEP).toString("utf8"), tail: "" };
      this.keepTail(head);
      this.pending = [];
      this.pendingBytes = 0;
    } else {
      this.pending.push(piece);
      this.pendingBytes += piece.length;
    }
    if (!ends) return;
    if (this.dropping) this.finishDrop();
    else {
      this.push(Buffer.concat(this.pending));
      this.pending = [];
      this.pendingBytes = 0;
    }
  }

  private keepTail(piece: Buffer): void {
    this.tailParts.push(piece.subarray(Math.max(0, piece.length - KEEP)));
    const all = Buffer.concat(this.tailParts);
    this.tailParts = [all.subarray(Math.max(0, all.length - KEEP))];
  }

  private finishDrop(): void {
    const dropped = { ...this.dropping!, tail: Buffer.concat(this.tailParts).toString("utf8") };
    this.dropping = null;
    this.tailParts = [];
    this.onDrop(dropped);
  }
}

const ID = String.raw`(-?\d{1,16}|"(?:[^"\\]|\\.){0,200}")`;
const ID_AT_END = new RegExp(String.raw`"id"\s{0,8}:\s{0,8}${ID}\s{0,8}\}\s{0,8}$`);
const ID_AT_START = new RegExp(String.raw`^\s{0,8}\{\s{0,8}(?:"jsonrpc"\s{0,8}:\s{0,8}"2\.0"\s{0,8},\s{0,8})?"id"\s{0,8}:\s{0,8}${ID}`);

/** The id of a dropped JSON-RPC request when it stands first or last in the object (as clients write it), else undefined. */
export function droppedRequestId(line: DroppedLine): string | number | undefined {
  const m = ID_AT_END.exec(line.tail) ?? ID_AT_START.exec(line.head);
  if (!m) return undefined;
  try {
    return JSON.parse(m[1]!) as string | number;
  } catch {
    return undefined;
  }
}
