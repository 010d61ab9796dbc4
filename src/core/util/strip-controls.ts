/* eslint-disable no-control-regex -- removing control characters is what this file is for */
// Whole escape sequences go first, so that their parameters ("31m", a window title) do not survive as text once the
// ESC that introduced them is gone; whatever is left of a broken sequence then loses its control characters.
const SEQUENCES = [
  /\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]/g, // CSI: colours, cursor moves, erase line (7- and 8-bit)
  /\u001b[P\]X^_][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)|[\u0090\u009d\u0098\u009e\u009f][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)/g, // OSC, DCS, SOS, PM, APC strings (titles, hyperlinks)
  /\u001b[ -/]*[0-~]/g, // two-character escapes: reset, save cursor, character sets
];
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Model or server text made safe for a terminal line or a table row: ANSI escape sequences, C0 and C1 control
 * characters (tab and newline kept; CRLF becomes a newline, a lone carriage return goes) and bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069) removed. Idempotent; ordinary text is returned unchanged.
 */
export function stripControls(text: string): string {
  let out = text.replace(/\r\n/g, "\n");
  for (const sequence of SEQUENCES) out = out.replace(sequence, "");
  return out.replace(CONTROLS, "");
}
/* eslint-enable no-control-regex -- end of the control-character patterns */
