import { Notice } from "obsidian";

/**
 * The plugin's voice for a model call that has been silent a while: a short notice each silent stretch (shorter than
 * the stretch, so one is shown at a time) saying how long it has waited and when the call stops by itself.
 */
export function silenceNotice(silentSeconds: number, stopsAfterSeconds: number): void {
  new Notice(
    `Still waiting for the model: no reply for ${Math.round(silentSeconds)} s. It stops by itself after ${Math.round(stopsAfterSeconds)} s; cancel the operation to stop it now.`,
    9000,
  );
}
