import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isSecretFile, redactSecrets } from "../../../src/core/capture/redact";

// Every rule with a sample shaped like the real thing (made up: none of these is a live credential).
const SAMPLES: [string, string][] = [
  ["anthropic", "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEFGH_ijkl-mnop"],
  ["anthropic", "sk-ant-admin01-ZZZZyyyyXXXXwwwwVVVVuuuu1234"],
  ["openai", "sk-proj-Abc123Def456Ghi789Jkl012Mno345Pqr678"],
  ["github", "ghp_1234567890abcdefghijABCDEFGHIJ123456"],
  ["github", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"],
  ["aws", "AKIAIOSFODNN7EXAMPLE"],
  ["aws", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
  ["gcp", "AIzaSyA1234567890abcdefghijklmnopqrstuv"],
  ["slack", "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"],
  ["slack", "https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXX"],
  ["stripe", "sk_live_51H8abcdefghijklmnopqrstu"],
  ["npm", "npm_abcdefghijklmnopqrstuvwxyz0123456789"],
  ["jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"],
  ["private-key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\nabc\n-----END RSA PRIVATE KEY-----"],
  ["private-key", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA"],
  ["authorization", "Authorization: Basic dXNlcjpwYXNzd29yZA=="],
  ["bearer", "curl -H 'X: Bearer abcdefghijklmnop1234'"],
  ["api-key-header", "x-api-key: my-own-local-key-123"],
  ["url-credentials", "postgres://admin:hunter2@db.internal:5432/app"],
  ["secret-assignment", "DATABASE_PASSWORD=correct-horse-battery"],
  ["secret-assignment", 'client_secret: "s3cr3t-value-here"'],
];

/** The part of a sample that must disappear, where it is not simply its last characters. */
const SECRET_PART: Record<string, string> = {
  "Authorization: Basic dXNlcjpwYXNzd29yZA==": "dXNlcjpwYXNzd29yZA",
  "curl -H 'X: Bearer abcdefghijklmnop1234'": "abcdefghijklmnop1234",
  "postgres://admin:hunter2@db.internal:5432/app": "hunter2",
  'client_secret: "s3cr3t-value-here"': "s3cr3t-value-here",
};

describe("redacting secrets", () => {
  for (const [rule, secret] of SAMPLES) {
    it(`removes a ${rule} secret wherever it stands in the text`, () => {
      const r = redactSecrets(`before ${secret} after`);
      const hidden = SECRET_PART[secret] ?? secret.slice(-12);
      expect(r.text).not.toContain(hidden);
      expect(r.text).toMatch(/\[REDACTED:[a-z-]+\]/);
      expect(r.count).toBeGreaterThan(0);
      expect(r.text.startsWith("before ")).toBe(true);
    });
  }

  it("names the rule that matched and counts every match", () => {
    const r = redactSecrets("ghp_1234567890abcdefghijABCDEFGHIJ123456 and AKIAIOSFODNN7EXAMPLE and AKIAIOSFODNN7EXAMPLF");
    expect(r.text).toBe("[REDACTED:github] and [REDACTED:aws] and [REDACTED:aws]");
    expect(r.rules).toEqual({ github: 1, aws: 2 });
  });

  it("leaves ordinary prose, code and placeholders alone", () => {
    const prose = "The token bucket refills at 5 per second; set API_KEY=${ANTHROPIC_API_KEY} in CI. Use skeleton screens. Password policy: see docs.";
    expect(redactSecrets(prose)).toEqual({ text: prose, count: 0, rules: {} });
  });

  it("shows the home folder as ~", () => {
    expect(redactSecrets("opened /home/ada/projects/app/src/a.ts and C:\\Users\\Ada\\x\\y", []).text).toBe("opened ~/projects/app/src/a.ts and ~\\x\\y");
    expect(redactSecrets("/srv/me/app", ["/srv/me"]).text).toBe("~/app");
  });

  it("never lets a key through, whatever surrounds it (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const key = "sk-ant-api03-QWERTYuiopASDFGHjklZXCVBnm1234567890";
        return !redactSecrets(`${a} ${key} ${b}`).text.includes("QWERTYuiopASDFGH");
      }),
    );
  });

  it("knows which files are never captured", () => {
    for (const f of [".env", ".env.local", "keys/server.pem", "/home/a/.ssh/id_ed25519", "id_rsa.pub", ".npmrc"]) expect(isSecretFile(f), f).toBe(true);
    for (const f of ["src/env.ts", "README.md", "identity.ts"]) expect(isSecretFile(f), f).toBe(false);
  });
});
