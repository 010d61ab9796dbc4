import { NoteStoreError } from "./note-store";

/** A write that could not happen, in a sentence a person can act on. */
export class WriteFailure extends Error {}

/** A thrown error as words a person can act on (file-system codes named, never a stack or raw JavaScript text). */
export function describeError(e: unknown): string {
  if (e instanceof NoteStoreError || e instanceof WriteFailure) return e.message.replace(/\.$/, "");
  const fields = typeof e === "object" && e !== null ? (e as { code?: unknown; path?: unknown }) : {};
  const code = typeof fields.code === "string" ? fields.code : "";
  const path = typeof fields.path === "string" ? fields.path : "";
  const where = path ? ` (${path.replace(/^.*[\\/]/, "")})` : "";
  const words: Record<string, string> = {
    EACCES: "permission denied",
    EPERM: "the operation is not permitted",
    EMLINK: "too many links",
    ENAMETOOLONG: "a file name is too long",
    EROFS: "the disk is read-only",
    ENOSPC: "the disk is full",
    EISDIR: "a folder is in the way",
    ENOTDIR: "a file is in the way of a folder",
    ENOENT: "a file or folder is missing",
    EBUSY: "the file is in use",
    EMFILE: "too many open files",
  };
  if (words[code]) return `${words[code]}${where}`;
  return "the file system refused the write";
}
