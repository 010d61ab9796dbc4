import { describe, expect, it } from "vitest";
import type { Command, Plugin } from "obsidian";
import { registerCompileCommands, type CompileCommandActions } from "../../src/commands/register-compile-commands";

describe("the compile commands", () => {
  it("are offered only when they have a note to act on (today's log always, saying so when it is missing), and act on that note", () => {
    const commands = new Map<string, Command>();
    const plugin = { addCommand: (c: Command) => void commands.set(c.id, c) } as unknown as Plugin;
    const calls: string[] = [];
    let today: string | null = null;
    const actions: CompileCommandActions = {
      todaysLog: () => today,
      noTodaysLog: () => void calls.push("no log today"),
      activeLog: () => null,
      compile: (paths) => void calls.push(`compile ${paths.join(",")}`),
      compileChanged: () => void calls.push("changed"),
      activeArticle: () => "knowledge/concepts/a.md",
      revalidate: (p) => void calls.push(`revalidate ${p}`),
      undo: () => void calls.push("undo"),
    };
    registerCompileCommands(plugin, actions);
    expect([...commands.keys()]).toEqual([
      "compile-todays-log",
      "compile-current-note",
      "compile-changed-logs",
      "revalidate-relationships",
      "undo-last-compile",
    ]);
    const check = (id: string, checking: boolean): boolean | void => commands.get(id)!.checkCallback!(checking);
    commands.get("compile-todays-log")!.callback!();
    expect(calls).toEqual(["no log today"]);
    calls.length = 0;
    today = "daily/2026-11-22.md";
    commands.get("compile-todays-log")!.callback!();
    expect(check("compile-current-note", true)).toBe(false);
    check("revalidate-relationships", false);
    commands.get("compile-changed-logs")!.callback!();
    commands.get("undo-last-compile")!.callback!();
    expect(calls).toEqual(["compile daily/2026-11-22.md", "revalidate knowledge/concepts/a.md", "changed", "undo"]);
  });
});
