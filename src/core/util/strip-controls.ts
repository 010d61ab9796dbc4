/* eslint-disable no-control-regex -- removing control characters is what this file is for */
/**
 * Model or server text made safe for a terminal line or a table row: ANSI escape sequences, C0 and C1 control
 * characters (tab and newline kept), lone carriage returns and bidirectional overrides removed.
 */
export function stripControls(text: string): string {
  return text
    .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, "")
    .replace(/\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g, "")
    .replace(/\r\n/g, "\n")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "");
}
/* eslint-enable no-control-regex -- end of the control-character patterns */
