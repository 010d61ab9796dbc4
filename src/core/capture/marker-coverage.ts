import type { CaptureMarker } from "./session-entry";

/** One record's place in a transcript file, as the first reading saw it: its uuid and its time (ms), if any. */
export interface ScannedRecord {
  uuid: string;
  time: number | null;
}

/** One transcript file's records in file order, from where the reading started. */
export interface ScannedFile {
  subagent: boolean;
  records: ScannedRecord[];
}

/** A daily note's capture markers. */
export interface NoteMarkers {
  path: string;
  markers: CaptureMarker[];
}

/**
 * The records the daily notes already hold, by their markers (the notes are the truth, whatever the plugin's state
 * says). A marker names a day's first and last record: in the file that holds its last record, every record from its
 * first (or from where the reading started) through its last is covered; in the session's other files (subagents, or
 * the main file of an older marker whose last record was a subagent's) every record within the same span of time.
 * A resumed session's copy shares the uuids, so another session's marker covers it too. Linear in records per marker.
 */
export function coveredByMarkers(files: readonly ScannedFile[], notes: readonly NoteMarkers[]): { uuids: Set<string>; notes: string[] } {
  const where = new Map<string, { file: number; pos: number }>();
  files.forEach((f, file) => f.records.forEach((r, pos) => where.has(r.uuid) || where.set(r.uuid, { file, pos })));
  const uuids = new Set<string>();
  const used = new Set<string>();
  for (const note of notes) {
    for (const m of note.markers) {
      const last = where.get(m.last);
      if (!last) continue;
      const first = where.get(m.first);
      const records = files[last.file]!.records;
      const from = first && first.file === last.file && first.pos <= last.pos ? first.pos : 0;
      for (let i = from; i <= last.pos; i++) uuids.add(records[i]!.uuid);
      used.add(note.path);
      const start = first ? files[first.file]!.records[first.pos]!.time : records[from]!.time;
      const end = records[last.pos]!.time;
      if (start === null || end === null) continue;
      files.forEach((f, i) => {
        if (i === last.file) return;
        for (const r of f.records) if (r.time !== null && r.time >= start && r.time <= end) uuids.add(r.uuid);
      });
    }
  }
  return { uuids, notes: [...used] };
}
