import { describe, expect, it } from "vitest";
import { CUT_MARGIN, isSecretFile, redactSecrets, redactThenCut } from "../../../src/core/capture/redact";

// What the note shows after redaction, exactly: the placeholder names the kind of secret, the secret is gone whole
// (never a character of it kept), and what framed it (a header, a flag, a name, the character before a token) stays
// readable. All values are made up.
const EXACT: [rule: string, text: string, shown: string][] = [
  ["anthropic", "key sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEFGH_ijkl-mnop.", "key [REDACTED:anthropic]."],
  ["anthropic", "(sk-ant-admin01-ZZZZyyyyXXXXwwwwVVVVuuuu1234)", "([REDACTED:anthropic])"],
  ["openai", "(sk-proj-Abc123Def456Ghi789Jkl012Mno345Pqr678)", "([REDACTED:openai])"],
  ["openai", "=sk-svcacct-Abc123Def456Ghi789Jkl012Mno345", "=[REDACTED:openai]"],
  ["openai", "sk-abcdefghijklmnopqrstT3BlbkFJabcdefghijklmnopqrst", "[REDACTED:openai]"],
  ["openai", "old sk-abcdefghijklmnopqrstuvwxyz012345 key", "old [REDACTED:openai] key"],
  ["github", "ghp_1234567890abcdefghijABCDEFGHIJ1234 x", "[REDACTED:github] x"],
  ["github", "gho_1234567890abcdefghijABCDEFGHIJ1234 ghs_1234567890abcdefghijABCDEFGHIJ1234", "[REDACTED:github] [REDACTED:github]"],
  ["gitlab", "'glpat-abcdefghij1234567890'", "'[REDACTED:gitlab]'"],
  ["gitlab", "glrt-abcdefghij1234567890_x", "[REDACTED:gitlab]"],
  ["aws", "id=AKIAIOSFODNN7EXAMPLE;", "id=[REDACTED:aws];"],
  ["aws", "ASIAIOSFODNN7EXAMPLE", "[REDACTED:aws]"],
  ["aws", 'aws_secret_access_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"', 'aws_secret_access_key = "[REDACTED:aws]"'],
  ["aws", "AWS_SESSION_TOKEN=FwoGZXIvYXdzEBYaDHqa0AP1abcdefghijklmn", "AWS_SESSION_TOKEN=[REDACTED:aws]"],
  ["gcp", "(AIzaSyA1234567890abcdefghijklmnopqrstuv)", "([REDACTED:gcp])"],
  ["gcp", "token ya29.a0AfH6SMBabcdefghijklmnop end", "token [REDACTED:gcp] end"],
  ["slack", "xoxb-123456789012-abcdefghij", "[REDACTED:slack]"],
  ["slack", "(xapp-1-A0123456789-0123456789012-abcdef0123456789)", "([REDACTED:slack])"],
  ["slack", "post to https://hooks.slack.com/services/T000/B000/XXXXXXXX now", "post to [REDACTED:slack] now"],
  ["stripe", "sk_live_51H8abcdefghijklmnopqrstu whsec_abcdefghijklmnopqrstuvwx", "[REDACTED:stripe] [REDACTED:stripe]"],
  ["stripe", "rk_test_51H8abcdefghijklmnop", "[REDACTED:stripe]"],
  ["npm", "//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789", "//registry.npmjs.org/:_authToken=[REDACTED:npm]"],
  ["npm", "//npm.example.com/:_authToken=abc123", "//npm.example.com/:_authToken=[REDACTED:npm]"],
  ["npm", "token npm_abcdefghijklmnopqrstuvwxyz0123456789 set", "token [REDACTED:npm] set"],
  ["token", "(hf_abcdefghijklmnopqrstuvwxyzABCDEF12)", "([REDACTED:token])"],
  ["token", "dop_v1_" + "ab12".repeat(16), "[REDACTED:token]"],
  ["token", "shpat_" + "ab12".repeat(8), "[REDACTED:token]"],
  ["token", "dapi" + "ab12".repeat(8) + "-2", "[REDACTED:token]"],
  ["token", "xai-" + "Ab1".repeat(14), "[REDACTED:token]"],
  ["token", "lin_api_" + "ab12".repeat(10), "[REDACTED:token]"],
  ["token", "dp.st.dev." + "ab12".repeat(10), "dp.st.dev." + "ab12".repeat(10)],
  ["token", "dp.st." + "ab12".repeat(10), "[REDACTED:token]"],
  ["token", "SK" + "ab12".repeat(8), "[REDACTED:token]"],
  ["jwt", "(eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U)", "([REDACTED:jwt])"],
  ["authorization", "Authorization: Bearer abcdefghijklmnop1234", "Authorization: Bearer [REDACTED:authorization]"],
  ["authorization", "proxy-authorization: token abc", "proxy-authorization: token [REDACTED:authorization]"],
  ["authorization", '{"authorization": "xyz123", "next": 1}', '{"authorization": "[REDACTED:authorization]", "next": 1}'],
  ["authorization", "AUTHORIZATION=Digest  abc", "AUTHORIZATION=Digest [REDACTED:authorization]"],
  ["bearer", "curl -H 'X: bearer abcdefgh'", "curl -H 'X: bearer [REDACTED:bearer]'"],
  ["bearer", "Bearer abc.def/ghi+jkl=", "Bearer [REDACTED:bearer]"],
  ["cookie", "Cookie: a=1; b=2", "Cookie: [REDACTED:cookie]"],
  ["cookie", "set-cookie:sid=31d4d96e\nnext line", "set-cookie:[REDACTED:cookie]\nnext line"],
  ["api-key-header", "X-Goog-Api-Key: abcdefgh", "X-Goog-Api-Key: [REDACTED:api-key-header]"],
  ["api-key-header", "x-api-key='abcdefgh1'", "x-api-key='[REDACTED:api-key-header]'"],
  ["url-credentials", "postgres://admin:hunter2@db:5432/app", "postgres://[REDACTED:url-credentials]@db:5432/app"],
  ["url-credentials", "see (mongodb+srv://u:p@cluster0.example.net)", "see (mongodb+srv://[REDACTED:url-credentials]@cluster0.example.net)"],
  ["basic-auth-flag", "curl --user admin:letmein42 https://x", "curl --user admin:[REDACTED:basic-auth-flag] https://x"],
  ["basic-auth-flag", "curl --proxy-user=me:pa55 -x", "curl --proxy-user=me:[REDACTED:basic-auth-flag] -x"],
  ["password-flag", 'run --password "pw with space" now', "run --password [REDACTED:password-flag] now"],
  ["password-flag", "cli -secret 'abc def' --client-secret=xyz", "cli -secret [REDACTED:password-flag] --client-secret=[REDACTED:password-flag]"],
  ["password-flag", "mysqldump -u root -pS3cret db", "mysqldump -u root -p[REDACTED:password-flag] db"],
  ["secret-assignment", "DB_PASSWORD='hunter22' next", "DB_PASSWORD=[REDACTED:secret-assignment] next"],
  ["secret-assignment", 'client_secret: "s3cr3t-value-here"', "client_secret: [REDACTED:secret-assignment]"],
  ["secret-assignment", "x.api_key=abcd1234,y", "x.api_key=[REDACTED:secret-assignment],y"],
  [
    "secret-assignment",
    "PASSWORD=abc<def TOKEN=abc***x SECRET=abcxxxx API_KEY=trueblue1 PWD=pa$Sword",
    "PASSWORD=[REDACTED:secret-assignment] TOKEN=[REDACTED:secret-assignment] SECRET=[REDACTED:secret-assignment] API_KEY=[REDACTED:secret-assignment] PWD=[REDACTED:secret-assignment]",
  ],
  ["password-flag", "login --password a$b", "login --password [REDACTED:password-flag]"],
  ["private-key", "-----BEGIN EC PRIVATE KEY-----\nabc\n-----END EC PRIVATE KEY-----\nafter", "[REDACTED:private-key]\nafter"],
  ["private-key", "-----BEGIN PGP PRIVATE KEY BLOCK-----\nabc\n-----END PGP PRIVATE KEY BLOCK----- tail", "[REDACTED:private-key] tail"],
  ["high-entropy", "sig: 9fQ2xLr7TzKp4WvN8bYc3HdJ6mSa1EuG0/+=.", "sig: [REDACTED:high-entropy]."],
  ["high-entropy", "32: " + "aB3".repeat(10) + "aB, 31: " + "aB3".repeat(10) + "a", "32: [REDACTED:high-entropy], 31: " + "aB3".repeat(10) + "a"],
  ["high-entropy", "blob " + "aB3/".repeat(400) + " end", "blob [REDACTED:high-entropy] end"],
  ["secret-assignment", "PASSWORD=abcd", "PASSWORD=[REDACTED:secret-assignment]"],
  [
    "aws",
    "awssecretaccesskey: abcdEFGH1234ijklMNOP awssessiontoken: abcdEFGH1234ijklMNOP",
    "awssecretaccesskey: [REDACTED:aws] awssessiontoken: [REDACTED:aws]",
  ],
  ["basic-auth-flag", "-u me:pw x", "-u me:[REDACTED:basic-auth-flag] x"],
  ["password-flag", "--password=abc", "--password=[REDACTED:password-flag]"],
  [
    "private-key",
    "-----BEGIN PRIVATE KEY-----\na\n-----END PRIVATE KEY-----\nkept\n-----BEGIN PRIVATE KEY-----\nb\n-----END PRIVATE KEY-----",
    "[REDACTED:private-key]\nkept\n[REDACTED:private-key]",
  ],
];

// Text that only looks like a secret: variable references, placeholders, values too short or of the wrong alphabet
// to be one. Redacting these would make notes unreadable for nothing.
const KEPT: string[] = [
  "x-api-key=abcdefg",
  "run -p 'x' --api-key=$KEY --token \"[REDACTED:x]\"",
  'TOKEN="${X}" SECRET=<mine> KEY_PASS=**** A_TOKEN=xxxxx B_SECRET=true C_KEY=NULL D_SECRET=None E_PASSWORD="undefined" F_TOKEN=False',
  "PASSWORD=abc short",
  'TOKEN="<mine>" SECRET=\'****\' PASSWORD="xxxx"',
  'psql --password "$PGPASS" -h db',
  "bearer abcdefg",
  "the ghp_ prefix, sk-ant- keys and AKIA ids",
  "abcdefghijklmnopqrstuvwxyzabcdefghijklmn 0123456789012345678901234567890123 ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGH",
  "mysql -u root -p app",
  "see https://example.com/a:b@c and mailto:ann@example.com",
  "-u me --user",
];

describe("what a redacted text shows", () => {
  it.each(EXACT)("%s: %j", (rule, text, shown) => {
    const r = redactSecrets(text);
    expect(r.text).toBe(shown);
    if (shown !== text) expect(r.rules[rule]).toBeGreaterThan(0);
    expect(r.count).toBe(Object.values(r.rules).reduce((a, b) => a + b, 0));
  });

  it.each(KEPT)("keeps %j as it is", (text) => {
    expect(redactSecrets(text)).toEqual({ text, count: 0, rules: {} });
  });

  it("counts each secret once, by the rule that named it", () => {
    const r = redactSecrets("AKIAIOSFODNN7EXAMPLE ghp_1234567890abcdefghijABCDEFGHIJ1234 Cookie: a=1\nAKIAIOSFODNN7EXAMPLF PASSWORD=hunter22");
    expect(r.rules).toEqual({ aws: 2, github: 1, cookie: 1, "secret-assignment": 1 });
    expect(r.count).toBe(5);
  });

  it("names a quoted token after a flag once, by its own rule", () => {
    expect(redactSecrets('gh auth --token "ghp_1234567890abcdefghijABCDEFGHIJ1234"')).toEqual({
      text: 'gh auth --token "[REDACTED:github]"',
      count: 1,
      rules: { github: 1 },
    });
  });

  it("gives the same text when redacted again, whatever was found the first time", () => {
    for (const [, text] of EXACT) {
      const once = redactSecrets(text).text;
      expect(redactSecrets(once).text, text).toBe(once);
    }
  });
});

describe("home folders", () => {
  it("shows the given home folders and the usual ones as ~, but never a one-character home", () => {
    expect(redactSecrets("/srv/me/app and /srv/me/b", ["/srv/me"]).text).toBe("~/app and ~/b");
    expect(redactSecrets("/a/b", ["/", ""]).text).toBe("/a/b");
    expect(redactSecrets("/srv/me/app", ["/s"]).text).toBe("~rv/me/app");
    expect(redactSecrets("C:\\Users\\Ada Lovelace\\x and /Users/ada/y and /home/b.c-d_e/z").text).toBe("~\\x and ~/y and ~/z");
    expect(redactSecrets("/home/ada and /Users/ada").text).toBe("/home/ada and /Users/ada");
  });
});

describe("redacting, then cutting", () => {
  it("keeps a short text whole, and cuts a long one to the bound after redacting it", () => {
    expect(redactThenCut("TOKEN=abcdefgh", 100)).toEqual({ text: "TOKEN=[REDACTED:secret-assignment]", count: 1, rules: { "secret-assignment": 1 } });
    expect(redactThenCut("abcdef", 6).text).toBe("abcdef");
    expect(redactThenCut("abc TOKEN=abcdefgh xyz", 12)).toEqual({ text: "abc TOKEN=[R", count: 1, rules: { "secret-assignment": 1 } });
  });

  it("finds a secret that starts before the cut and ends far past it", () => {
    const key = `ops_eyJ${"Ab1".repeat(1000)}`;
    const r = redactThenCut(`x ${key}`, 10);
    expect(r.text).toBe("x [REDACTE");
    expect(r.count).toBe(1);
    expect(CUT_MARGIN).toBeGreaterThan(key.length);
  });
});

describe("files never captured", () => {
  it.each([
    ".env",
    ".env.production",
    "C:\\app\\.env",
    "server.key",
    "cert.p12",
    "cert.PFX",
    "tls.pem",
    "id_ed25519",
    "id_rsa.pub",
    ".netrc",
    ".npmrc",
    "credentials",
    "aws/credentials.json",
  ])("%s", (path) => {
    expect(isSecretFile(path)).toBe(true);
  });

  it.each([
    "my.env",
    "env.ts",
    "keys.md",
    "credentials.md",
    "id_rsa.txt",
    "pem.md",
    "x.env.example.md",
    "netrc",
    ".envrc",
    "x.pem.md",
    "a.key.txt",
    "a.p12.txt",
    "a.pfx.bak",
    "valid_key",
    "x.netrc",
    ".netrc.bak",
    "x.npmrc",
    ".npmrc.bak",
    "mycredentials",
    "credentials.txt",
    "credentials.json.bak",
  ])("not %s", (path) => {
    expect(isSecretFile(path)).toBe(false);
  });
});
