/** The few file operations a cross-process lock file needs; each host fills it from its own file API. */
export interface LockFiles {
  /** Creates `path` holding `text`; false when a file is already there. Of two creators, exactly one wins. */
  createExclusive(path: string, text: string): Promise<boolean>;
  /** The file's text and modification time, or null when it is absent; throws when it cannot be read. */
  read(path: string): Promise<{ text: string; mtimeMs: number } | null>;
  remove(path: string): Promise<void>;
  /** Whether the process that wrote a lock is still running; undefined when the host cannot tell. */
  isAlive(pid: unknown): boolean | undefined;
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** What a lock file holds: who wrote it, when, and a token no other holder shares. */
type Holder = { pid?: unknown; at?: unknown; token?: unknown };

/** A lock held longer than this is stale whatever its process says (a write takes seconds, not minutes). */
export const STALE_LOCK_MS = 10 * 60 * 1000;
/** The takeover guard is held for a few file operations; one older than this was left by a crash. */
const STALE_GUARD_MS = 30 * 1000;

/**
 * Takes the lock file `path` for `owner`, waiting up to `waitMs` for a live holder. A stale lock (its process gone,
 * or older than ten minutes) is taken over only under a second exclusive file (`path.takeover`), after reading it
 * again there and finding it unchanged, so two processes can never each remove the other's fresh lock. Release
 * removes the lock only while it still holds this holder's token.
 */
export async function acquireLockFile(
  files: LockFiles,
  path: string,
  owner: { pid: unknown; token: string },
  waitMs: number,
): Promise<{ ok: true; release: () => Promise<void> } | { ok: false; holder: Holder }> {
  const text = JSON.stringify({ pid: owner.pid, at: new Date(files.now()).toISOString(), token: owner.token });
  const deadline = files.now() + waitMs;
  for (;;) {
    if (await files.createExclusive(path, text)) return { ok: true, release: () => releaseIfMine(files, path, owner.token) };
    let unreadable: unknown = null;
    const seen = await readHolder(files, path, (e) => (unreadable = e));
    if (seen && isStale(files, seen)) {
      await removeIfUnchanged(files, path, seen.raw);
      continue;
    }
    if (files.now() >= deadline) {
      // A lock that could never be read (a FIFO or folder in its place, no permission) is an error, not a holder.
      if (unreadable !== null) throw unreadable instanceof Error ? unreadable : new Error(`${path} cannot be read`);
      return { ok: false, holder: seen?.holder ?? {} };
    }
    await files.sleep(100);
  }
}

async function readHolder(
  files: LockFiles,
  path: string,
  onError: (e: unknown) => void = () => undefined,
): Promise<{ raw: { text: string; mtimeMs: number }; holder: Holder } | null> {
  try {
    const raw = await files.read(path);
    if (!raw) return null;
    let holder: Holder = {};
    try {
      const v = JSON.parse(raw.text) as unknown;
      if (typeof v === "object" && v !== null) holder = v;
    } catch {
      // Half-written or foreign: held for now; its age makes it stale later.
    }
    return { raw, holder };
  } catch (e) {
    onError(e);
    return null;
  }
}

function isStale(files: LockFiles, seen: { raw: { mtimeMs: number }; holder: Holder }): boolean {
  if (files.now() - seen.raw.mtimeMs > STALE_LOCK_MS) return true;
  return seen.holder.pid !== undefined && files.isAlive(seen.holder.pid) === false;
}

/** Removes the stale lock under the takeover guard, and only if it still reads exactly as it did when judged stale. */
async function removeIfUnchanged(files: LockFiles, path: string, judged: { text: string; mtimeMs: number }): Promise<void> {
  const guard = `${path}.takeover`;
  if (!(await files.createExclusive(guard, String(files.now())))) {
    const g = await files.read(guard).catch(() => null);
    if (g && files.now() - g.mtimeMs > STALE_GUARD_MS) await files.remove(guard).catch(() => undefined);
    else await files.sleep(20);
    return;
  }
  try {
    const again = await files.read(path).catch(() => null);
    if (again && again.text === judged.text && again.mtimeMs === judged.mtimeMs) await files.remove(path);
  } finally {
    await files.remove(guard).catch(() => undefined);
  }
}

async function releaseIfMine(files: LockFiles, path: string, token: string): Promise<void> {
  const seen = await readHolder(files, path);
  if (seen && seen.holder.token === token) await files.remove(path);
}
