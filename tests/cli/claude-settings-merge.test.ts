import { describe, expect, it } from "vitest";
import {
  noneOwned,
  planInstall,
  planUninstall,
  settingsShapeProblem,
  shellQuote,
  type KcHookEntries,
  type KcOwned,
  type SettingsPlan,
} from "../../src/cli/claude-settings-merge";

const ENTRIES: KcHookEntries = {
  prime: "'n' 'c.mjs' prime 'v' --hook",
  capture: "'n' 'c.mjs' capture 'v' --hook",
  server: { type: "stdio", command: "n", args: ["c.mjs", "mcp", "v"] },
};
const MOVED: KcHookEntries = {
  prime: "'n' 'c.mjs' prime 'w' --hook",
  capture: "'n' 'c.mjs' capture 'w' --hook",
  server: { type: "stdio", command: "n", args: ["c.mjs", "mcp", "w"] },
};
const HOOKS = { key: "hooks", at: [] } as const;
const TOP = { key: "mcpServers", at: [] as string[] } as const;
const PROJECT = { key: "mcpServers", at: ["projects", "/p"] } as const;

const plan = (r: SettingsPlan | string): SettingsPlan => {
  if (typeof r === "string") throw new Error(r);
  return r;
};
const json = (p: SettingsPlan): unknown => JSON.parse(p.after);

describe("planInstall: hooks", () => {
  it("writes a new file's hooks, recording the hooks and every container it created", () => {
    const p = plan(planInstall(null, "f", HOOKS, ENTRIES, noneOwned()));
    expect(p.after).toBe(
      `{\n  "hooks": {\n    "SessionStart": [\n      {\n        "hooks": [\n          {\n            "type": "command",\n            "command": "'n' 'c.mjs' prime 'v' --hook",\n            "timeout": 10\n          }\n        ]\n      }\n    ],\n    "SessionEnd": [\n      {\n        "hooks": [\n          {\n            "type": "command",\n            "command": "'n' 'c.mjs' capture 'v' --hook"\n          }\n        ]\n      }\n    ]\n  }\n}\n`,
    );
    expect(p.owned).toEqual({
      hooks: [
        { event: "SessionStart", command: ENTRIES.prime },
        { event: "SessionEnd", command: ENTRIES.capture },
      ],
      servers: [],
      created: [["hooks"], ["hooks", "SessionStart"], ["hooks", "SessionEnd"]],
    });
    expect(p.notes).toEqual([]);
  });

  it("appends to a person's own lists and records only what it created", () => {
    const text = JSON.stringify({ hooks: { SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: "echo" }] }] } }, null, 2);
    const p = plan(planInstall(text, "f", HOOKS, ENTRIES, noneOwned()));
    expect(json(p)).toEqual({
      hooks: {
        SessionStart: [
          { matcher: "startup", hooks: [{ type: "command", command: "echo" }] },
          { hooks: [{ type: "command", command: ENTRIES.prime, timeout: 10 }] },
        ],
        SessionEnd: [{ hooks: [{ type: "command", command: ENTRIES.capture }] }],
      },
    });
    expect(p.owned.created).toEqual([["hooks", "SessionEnd"]]);
  });

  it("changes nothing the second time, and rewrites only the command when the vault moved", () => {
    const first = plan(planInstall(null, "f", HOOKS, ENTRIES, noneOwned()));
    const again = plan(planInstall(first.after, "f", HOOKS, ENTRIES, first.owned));
    expect(again.after).toBe(first.after);
    expect(again.owned).toEqual(first.owned);
    const moved = plan(planInstall(first.after, "f", HOOKS, MOVED, first.owned));
    expect(moved.after).toBe(first.after.replaceAll("'v' --hook", "'w' --hook"));
    expect(moved.owned.hooks).toEqual([
      { event: "SessionStart", command: MOVED.prime },
      { event: "SessionEnd", command: MOVED.capture },
    ]);
  });

  it("adds its hook again when a person removed it, without a record of the old one", () => {
    const first = plan(planInstall(null, "f", HOOKS, ENTRIES, noneOwned()));
    const gone = JSON.stringify({ hooks: { SessionStart: [], SessionEnd: [] } });
    const p = plan(planInstall(gone, "f", HOOKS, ENTRIES, first.owned));
    expect(json(p)).toEqual({
      hooks: {
        SessionStart: [{ hooks: [{ type: "command", command: ENTRIES.prime, timeout: 10 }] }],
        SessionEnd: [{ hooks: [{ type: "command", command: ENTRIES.capture }] }],
      },
    });
    expect(p.owned.hooks).toHaveLength(2);
  });

  it("neither doubles nor claims a command that is already there", () => {
    const text = JSON.stringify({ hooks: { SessionEnd: [{ hooks: [{ type: "command", command: ENTRIES.capture }] }] } });
    const p = plan(planInstall(text, "f", HOOKS, ENTRIES, noneOwned()));
    expect((json(p) as { hooks: { SessionEnd: unknown[] } }).hooks.SessionEnd).toHaveLength(1);
    expect(p.owned.hooks).toEqual([{ event: "SessionStart", command: ENTRIES.prime }]);
  });
});

describe("planInstall: the MCP server", () => {
  it("adds the server at the top or under the project, recording what it created", () => {
    const top = plan(planInstall('{"a": 1}', "f", TOP, ENTRIES, noneOwned()));
    expect(top.after).toBe('{"a": 1, "mcpServers": {"knowledge-compiler": {"type": "stdio", "command": "n", "args": ["c.mjs", "mcp", "v"]}}}');
    expect(top.owned).toEqual({ hooks: [], servers: [{ at: [], name: "knowledge-compiler" }], created: [["mcpServers"]] });
    const proj = plan(planInstall(JSON.stringify({ projects: { "/p": { x: 1 } } }), "f", PROJECT, ENTRIES, noneOwned()));
    expect(json(proj)).toEqual({ projects: { "/p": { x: 1, mcpServers: { "knowledge-compiler": ENTRIES.server } } } });
    expect(proj.owned.created).toEqual([["projects", "/p", "mcpServers"]]);
    expect(proj.owned.servers).toEqual([{ at: ["projects", "/p"], name: "knowledge-compiler" }]);
    expect(proj.notes).toEqual([]);
    const fresh = plan(planInstall(null, "f", PROJECT, ENTRIES, noneOwned()));
    expect(fresh.owned.created).toEqual([["projects"], ["projects", "/p"], ["projects", "/p", "mcpServers"]]);
  });

  it("updates only type, command and args of its own entry, keeping a person's env and order", () => {
    const first = plan(planInstall(null, "f", TOP, ENTRIES, noneOwned()));
    const edited = first.after.replace('"args"', '"env": {\n        "K": "1"\n      },\n      "args"').replace('"type": "stdio",\n', "");
    const p = plan(planInstall(edited, "f", TOP, MOVED, first.owned));
    expect(json(p)).toEqual({ mcpServers: { "knowledge-compiler": { command: "n", env: { K: "1" }, args: ["c.mjs", "mcp", "w"], type: "stdio" } } });
    expect(Object.keys((json(p) as { mcpServers: Record<string, object> }).mcpServers["knowledge-compiler"]!)).toEqual(["command", "env", "args", "type"]);
    expect(plan(planInstall(p.after, "f", TOP, MOVED, p.owned)).after).toBe(p.after);
  });

  it("leaves its own entry's bytes when a person laid it out otherwise and nothing of kc's changed", () => {
    const owned: KcOwned = { hooks: [], servers: [{ at: [], name: "knowledge-compiler" }], created: [] };
    const text = '{\n  "mcpServers": {\n    "knowledge-compiler": { "type": "stdio", "command": "n", "args": ["c.mjs", "mcp", "v"] }\n  }\n}\n';
    expect(plan(planInstall(text, "f", TOP, ENTRIES, owned)).after).toBe(text);
  });

  it("replaces its own entry when it is no longer an object", () => {
    const owned: KcOwned = { hooks: [], servers: [{ at: [], name: "knowledge-compiler" }], created: [] };
    const p = plan(planInstall('{"mcpServers": {"knowledge-compiler": null, "b": 1}}', "f", TOP, ENTRIES, owned));
    expect(p.after).toBe('{"mcpServers": {"b": 1, "knowledge-compiler": {"type": "stdio", "command": "n", "args": ["c.mjs", "mcp", "v"]}}}');
    expect(p.owned.servers).toEqual([{ at: [], name: "knowledge-compiler" }]);
  });

  it("keeps a server of the same name that it did not add, saying so", () => {
    const text = '{"mcpServers": {"knowledge-compiler": {"command": "mine"}}}';
    const p = plan(planInstall(text, "f", TOP, ENTRIES, noneOwned()));
    expect(p.after).toBe(text);
    expect(p.owned.servers).toEqual([]);
    expect(p.notes).toEqual([
      'Kept the server "knowledge-compiler" already in f: kc did not add it, so it is left as it is (rename it to have kc add its own).',
    ]);
    // Another project's record is not this one's.
    const other: KcOwned = { hooks: [], servers: [{ at: ["projects", "/q"], name: "knowledge-compiler" }], created: [] };
    expect(plan(planInstall(text, "f", TOP, ENTRIES, other)).after).toBe(text);
  });
});

describe("planUninstall", () => {
  it("removes its hook alone from a group a person shares, its group otherwise, and its empty containers", () => {
    const owned: KcOwned = {
      hooks: [
        { event: "SessionStart", command: ENTRIES.prime },
        { event: "SessionEnd", command: ENTRIES.capture },
      ],
      servers: [],
      created: [["hooks", "SessionEnd"]],
    };
    const text = JSON.stringify({
      hooks: {
        SessionStart: [{ hooks: [{ command: "echo" }, { command: ENTRIES.prime }] }],
        SessionEnd: [{ hooks: [{ command: ENTRIES.capture }] }],
      },
    });
    const p = plan(planUninstall(text, "f", HOOKS, owned));
    expect(json(p)).toEqual({ hooks: { SessionStart: [{ hooks: [{ command: "echo" }] }] } });
    expect(p.owned).toEqual(noneOwned());
  });

  it("keeps a container it created once a person has put something in it", () => {
    const owned: KcOwned = { hooks: [{ event: "SessionEnd", command: ENTRIES.capture }], servers: [], created: [["hooks"], ["hooks", "SessionEnd"]] };
    const text = JSON.stringify({ hooks: { SessionEnd: [{ hooks: [{ command: ENTRIES.capture }] }], Stop: [] } });
    expect(json(plan(planUninstall(text, "f", HOOKS, owned)))).toEqual({ hooks: { Stop: [] } });
  });

  it("removes only this target's server from a file that holds several, and keeps the others' record", () => {
    const owned: KcOwned = {
      hooks: [],
      servers: [
        { at: [], name: "knowledge-compiler" },
        { at: ["projects", "/p"], name: "knowledge-compiler" },
      ],
      created: [["mcpServers"], ["projects", "/p"], ["projects", "/p", "mcpServers"]],
    };
    const text = JSON.stringify({ mcpServers: { "knowledge-compiler": {} }, projects: { "/p": { mcpServers: { "knowledge-compiler": {} } } } }, null, 2);
    const p = plan(planUninstall(text, "f", PROJECT, owned));
    expect(p.notes).toEqual([]);
    expect(json(p)).toEqual({ mcpServers: { "knowledge-compiler": {} }, projects: {} });
    expect(p.owned).toEqual({ hooks: [], servers: [{ at: [], name: "knowledge-compiler" }], created: [["mcpServers"]] });
    const top = plan(planUninstall(p.after, "f", TOP, p.owned));
    expect(json(top)).toEqual({ projects: {} });
    expect(top.owned).toEqual(noneOwned());
  });

  it("leaves another project's server, containers and record when removing one project's", () => {
    const owned: KcOwned = {
      hooks: [],
      servers: [
        { at: ["projects", "/p"], name: "knowledge-compiler" },
        { at: ["projects", "/q"], name: "knowledge-compiler" },
      ],
      created: [["projects"], ["projects", "/p"], ["projects", "/p", "mcpServers"], ["projects", "/q"], ["projects", "/q", "mcpServers"]],
    };
    const text = JSON.stringify({ projects: { "/p": { mcpServers: { "knowledge-compiler": {} } }, "/q": { mcpServers: { "knowledge-compiler": {} } } } });
    const p = plan(planUninstall(text, "f", PROJECT, owned));
    expect(json(p)).toEqual({ projects: { "/q": { mcpServers: { "knowledge-compiler": {} } } } });
    // A container of the other install that a person emptied is the other install's to tidy, not this one's.
    const emptied = JSON.stringify({ projects: { "/p": { mcpServers: { "knowledge-compiler": {} } }, "/q": { mcpServers: {} } } });
    expect(json(plan(planUninstall(emptied, "f", PROJECT, owned)))).toEqual({ projects: { "/q": { mcpServers: {} } } });
    expect(p.owned).toEqual({
      hooks: [],
      servers: [{ at: ["projects", "/q"], name: "knowledge-compiler" }],
      created: [
        ["projects", "/q"],
        ["projects", "/q", "mcpServers"],
      ],
    });
  });

  it("skips what its record names but a person already removed", () => {
    const owned: KcOwned = {
      hooks: [{ event: "SessionEnd", command: ENTRIES.capture }],
      servers: [{ at: [], name: "knowledge-compiler" }],
      created: [["hooks"], ["hooks", "SessionEnd"], ["mcpServers"]],
    };
    expect(plan(planUninstall('{"a": 1}', "f", HOOKS, owned)).after).toBe('{"a": 1}');
    expect(plan(planUninstall('{"a": 1}', "f", TOP, owned)).after).toBe('{"a": 1}');
    expect(plan(planUninstall('{"hooks": {"SessionEnd": [{"hooks": [{"command": "x"}]}]}}', "f", HOOKS, owned)).after).toBe(
      '{"hooks": {"SessionEnd": [{"hooks": [{"command": "x"}]}]}}',
    );
  });

  it("names a server of kc's name it has no record of, and leaves it", () => {
    const text = '{"mcpServers": {"knowledge-compiler": {}}}';
    const p = plan(planUninstall(text, "f", TOP, noneOwned()));
    expect(p.after).toBe(text);
    expect(p.notes).toEqual(['Left the server "knowledge-compiler" in f: kc has no record of adding it (remove it by hand if it is kc\'s).']);
  });

  it("changes nothing in an absent file", () => {
    expect(plan(planUninstall(null, "f", TOP, noneOwned()))).toEqual({ after: "", owned: noneOwned(), notes: [] });
  });
});

describe("settings files kc will not edit", () => {
  it.each([
    ["[]", HOOKS, "f is not a JSON object"],
    ['{"hooks": []}', HOOKS, '"hooks" in f is not an object'],
    ['{"hooks": {"SessionStart": {}}}', HOOKS, "hooks.SessionStart in f is not a list"],
    ['{"hooks": {"SessionStart": [3]}}', HOOKS, "a hook group of hooks.SessionStart in f is not an object"],
    ['{"mcpServers": 1}', TOP, '"mcpServers" in f is not an object'],
    ['{"projects": []}', PROJECT, '"projects" in f is not an object'],
    ['{"projects": {"/p": 7}}', PROJECT, '"projects./p" in f is not an object'],
    ['{"projects": {"/p": {"mcpServers": []}}}', PROJECT, '"mcpServers" in f is not an object'],
    ['{"a": }', HOOKS, "f is not valid JSON (ValueExpected at character 6)"],
    ["3", HOOKS, "f is not a JSON object"],
    ["null", TOP, "f is not a JSON object"],
    ['{"hooks": null}', HOOKS, '"hooks" in f is not an object'],
    ['{"hooks": 3}', HOOKS, '"hooks" in f is not an object'],
    ['{"hooks": {"SessionEnd": [null]}}', HOOKS, "a hook group of hooks.SessionEnd in f is not an object"],
    ['{"hooks": {"SessionEnd": [[]]}}', HOOKS, "a hook group of hooks.SessionEnd in f is not an object"],
    ['{"projects": null}', PROJECT, '"projects" in f is not an object'],
    ['{"projects": 3}', PROJECT, '"projects" in f is not an object'],
    ['{"projects": {"/p": []}}', PROJECT, '"projects./p" in f is not an object'],
  ] as const)("refuses %s", (text, target, problem) => {
    expect(planInstall(text, "f", target, ENTRIES, noneOwned())).toBe(problem);
    expect(planUninstall(text, "f", target, noneOwned())).toBe(problem);
  });

  it("accepts the shapes it edits", () => {
    expect(settingsShapeProblem({ projects: { "/p": { mcpServers: {} } } }, "f", PROJECT)).toBeNull();
    expect(settingsShapeProblem({ projects: {} }, "f", PROJECT)).toBeNull();
    expect(settingsShapeProblem({ hooks: { A: [{}] } }, "f", HOOKS)).toBeNull();
  });
});

describe("shellQuote", () => {
  it("quotes a word for the POSIX shell, quotes inside included", () => {
    expect(shellQuote("/a b/it's")).toBe(`'/a b/it'\\''s'`);
  });
});
