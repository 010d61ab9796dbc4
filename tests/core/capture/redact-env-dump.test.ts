import { describe, expect, it } from "vitest";
import { envSecretName, redactSecrets } from "../../../src/core/capture/redact";
import { captureSessions, type CaptureHost, type CaptureState } from "../../../src/core/workflows/capture-workflow";
import { QueueWriteLock } from "../../../src/core/ports/compile-records";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { TEST_RULES } from "../../fakes/in-memory-compile-host";
import { InMemoryTranscripts, TranscriptBuilder } from "../../fakes/transcript-builder";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";

// An environment file dumped into a session (`cat .env`, `env`, a pasted .env): every line whose name says
// "credential" loses its value, whatever the name's other words, the value's characters, or an `export` before it.
const SECRETS: [name: string, value: string][] = [
  ["GH_PAT", "ghp_abc123"],
  ["NPM_AUTH", "abcdef123456"],
  ["TWILIO_AUTH", "abcdef0123456789"],
  ["SENTRY_DSN", "https://abc123def456@o1234.ingest.sentry.io/5678"],
  ["COOKIE_SIGNING_SALT", "a8f5f167f44f"],
  ["WALLET_SEED", "'abandon ability able about above'"],
  ["APP_PIN", "482915"],
  ["DB_PASSWORD", "a;b,c&d=e"],
  ["REDIS_PASSWORD", "pa55;word"],
  ["STRIPE_SK", "rk9_zzz_123"],
  ["ADMIN_PW", "Tr0ub4dor&3"],
  ["PGPASSWORD", "pgsecret1"],
  ["AZURE_STORAGE_CONNECTION_STRING", '"DefaultEndpointsProtocol=https;AccountName=x;AccountKey=y"'],
];
const ORDINARY = [
  "NODE_ENV=production",
  "PORT=3000",
  "LOG_LEVEL=debug",
  "AUTHOR=Ada Lovelace",
  "KEYBOARD_LAYOUT=uk",
  "GOOGLE_CLIENT_ID=1234.apps",
  "TOKEN_LIMIT=<set me>",
  "DB_PASSWORD=${DB_PASSWORD}",
  "API_KEY=",
];
const dump = (lines: string[]) => lines.join("\n");
const secretLines = SECRETS.map(([n, v], i) => `${i % 3 === 0 ? "export " : ""}${n}=${v}`);

describe("redaction of environment-style assignments of secret-named keys", () => {
  it("hides the value of every secret-named line of an .env dump and keeps the names", () => {
    const r = redactSecrets(dump([...secretLines, ...ORDINARY]));
    for (const [name, value] of SECRETS) {
      expect(r.text).toContain(`${name}=[REDACTED:`);
      expect(r.text).not.toContain(value.replace(/^["']|["']$/g, "").slice(0, 6));
    }
    for (const line of ORDINARY) expect(r.text).toContain(line);
    expect(redactSecrets(r.text).text).toBe(r.text);
  });

  it("takes a value whole even where the narrower rule stopped at ; or &", () => {
    expect(redactSecrets("DB_PASSWORD=abcd;efgh&ijkl").text).toBe("DB_PASSWORD=[REDACTED:env-assignment]");
    expect(redactSecrets("  export SESSION_TOKEN=abcd,efgh").text).toBe("  export SESSION_TOKEN=[REDACTED:env-assignment]");
  });

  it("names a credential by a part of the name, not by a word that only begins like one", () => {
    for (const n of ["GH_PAT", "SENTRY_DSN", "PGPASSWORD", "my_auth", "X_PRIVATE_PEM_SIG", "DATABASE_CONNECTION_STRING"]) expect(envSecretName(n)).toBe(true);
    for (const n of ["AUTHOR", "PATH", "KEYBOARD", "PINNED_VERSION", "SEEDLING", "DSNAME", "NODE_ENV"]) expect(envSecretName(n)).toBe(false);
  });

  it("keeps the secrets of a transcript's .env dump out of the daily note and the distillation request", async () => {
    const store = new InMemoryNoteStore({});
    const source = new InMemoryTranscripts();
    let saved: CaptureState = { version: 1, files: {}, seen: [] };
    const host: CaptureHost = {
      store,
      source,
      rules: () => TEST_RULES,
      localParts: (iso) => ({ date: iso.slice(0, 10), time: iso.slice(11, 16) }),
      now: () => new Date("2026-11-22T12:00:00Z"),
      lock: new QueueWriteLock(),
      state: { load: () => Promise.resolve(structuredClone(saved)), save: (s) => Promise.resolve(void (saved = structuredClone(s))) },
    };
    const t = new TranscriptBuilder("envdump", "2026-11-20T09:00:00Z");
    t.prompt(`Why does the app not start? Here is my .env:\n${dump(secretLines)}`).reply(`I see these settings:\n${dump(secretLines)}\nThe DSN is wrong.`);
    for (let i = 2; i <= 4; i++) t.prompt(`Question ${i} about the settings`).reply(`Answer ${i}`);
    source.put("/home/ada/.claude/projects/-home-ada-code-app/envdump.jsonl", t.text());
    const model = new ScriptedLanguageModel([JSON.stringify({ decisions: ["Fix the DSN."], lessons: [], actions: [] })]);
    const r = await captureSessions(host, { projects: "all", minPrompts: 4, idleMinutes: 10, distill: model });
    expect(r.captured.map((c) => c.sessionId)).toEqual(["envdump"]);
    const note = store.files.get("daily/2026-11-20.md")!;
    const sent = model.requests.map((q) => [q.system, ...q.messages.map((m) => m.content)].join("\n")).join("\n");
    expect(sent).toContain("SENTRY_DSN=[REDACTED:");
    for (const [, value] of SECRETS) {
      const v = value.replace(/^["']|["']$/g, "").slice(0, 6);
      expect(note).not.toContain(v);
      expect(sent).not.toContain(v);
    }
  });
});
