import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../../src/core/capture/redact";

// The rules' boundaries that mutation testing found untested (docs/mutation.md, redact.ts "test gaps"): each row is
// a text and exactly what the note shows. All values are made up.

// One sample per rule written with the "g" flag: five of one kind in a text must all go (four passes of a rule
// without "g" would leave the fifth).
const FIVE: [rule: string, sample: string][] = [
  ["anthropic", "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx"],
  ["openai", "sk-proj-Abc123Def456Ghi789Jkl012"],
  ["gitlab", "glpat-abcdefghij1234567890"],
  ["gcp", "AIzaSyA1234567890abcdefghijklmnopqrstuv"],
  ["slack", "xoxb-123456789012-abcdefghij"],
  ["token", "hf_abcdefghijklmnopqrstuvwxyz0123456789"],
  ["jwt", "eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.dozjgNryP4J3jVmN"],
  ["high-entropy", "Q9wErTy7UiOp6AsDfGh5JkLz4XcVbNm3"],
];

const EXACT: [why: string, text: string, shown: string][] = [
  // The kept-value test of NAME=value is anchored: only a whole placeholder-like value is kept.
  ["a value with ${ inside is a secret", "API_KEY=ab${cd}ef", "API_KEY=[REDACTED:secret-assignment]"],
  ["a value with $NAME inside is a secret", "PASSWORD=abc$HOME", "PASSWORD=[REDACTED:secret-assignment]"],
  ["a value with < inside is a secret", "PASSWORD=ab<cd>", "PASSWORD=[REDACTED:secret-assignment]"],
  ["a value ending in stars is a secret", "PASSWORD=abc***", "PASSWORD=[REDACTED:secret-assignment]"],
  ["a value starting with stars is a secret", "PASSWORD=***abc", "PASSWORD=[REDACTED:secret-assignment]"],
  ["a value ending in xxxx is a secret", "PASSWORD=abcxxxx", "PASSWORD=[REDACTED:secret-assignment]"],
  ["a value starting with xxxx is a secret", "PASSWORD=xxxxabc", "PASSWORD=[REDACTED:secret-assignment]"],
  ["a value ending in true is a secret", "PASSWORD=istrue", "PASSWORD=[REDACTED:secret-assignment]"],
  ["a value starting with null is a secret", "PASSWORD=nullish", "PASSWORD=[REDACTED:secret-assignment]"],
  ["stars alone are kept", "PASSWORD=****", "PASSWORD=****"],
  ["a quoted placeholder is kept", 'PASSWORD="xxxx"', 'PASSWORD="xxxx"'],
  ["a variable reference is kept", "PASSWORD=$DB_PASSWORD", "PASSWORD=$DB_PASSWORD"],
  ["a quoted variable reference after a quote is a secret", `PASSWORD="'$HOME'"`, "PASSWORD=[REDACTED:secret-assignment]"],
  // A private key's header of two words.
  [
    "a private key with a two-word header",
    "-----BEGIN RSA2 ENCRYPTED PRIVATE KEY-----\nabc\n-----END RSA2 ENCRYPTED PRIVATE KEY-----\nafter",
    "[REDACTED:private-key]\nafter",
  ],
  // A password flag's value after several spaces.
  ["a password flag's value after three spaces", "tool --password   abc123xyz", "tool --password   [REDACTED:password-flag]"],
  // github_pat_: 22 or more of letters, digits and _.
  ["a fine-grained GitHub token with underscores", "x github_pat_11ABCDEFG0_abcdefghij_KLM y", "x [REDACTED:github] y"],
  ["a fine-grained GitHub token of exactly 22 characters", "github_pat_abcdefghij0123456789AB", "[REDACTED:github]"],
  // Every spelling of the AWS names.
  ["AWS names in upper case", "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMIK7MDENGbPxRfiCY", "AWS_SECRET_ACCESS_KEY=[REDACTED:aws]"],
  ["AWS names without underscores", "awssecretaccesskey: wJalrXUtnFEMIK7MDENGbPxRfiCY", "awssecretaccesskey: [REDACTED:aws]"],
  ["an AWS session token", "aws_session_token=FwoGZXIvYXdzEBYaDHqa0AP1abcdefgh", "aws_session_token=[REDACTED:aws]"],
  ["an AWS session token, camel case", "awsSessionToken = FwoGZXIvYXdzEBYaDHqa0AP1abcdefgh", "awsSessionToken = [REDACTED:aws]"],
  ["STS output's SecretAccessKey", '"SecretAccessKey": "wJalrXUtnFEMIK7MDENGbPxRfiCY"', '"SecretAccessKey": "[REDACTED:aws]"'],
  ["STS output's SessionToken", '"SessionToken": "FwoGZXIvYXdzEBYaDHqa0AP1abcdefgh"', '"SessionToken": "[REDACTED:aws]"'],
  // Header names: quotes after the name (JSON) and spaces around the colon.
  ["an authorization header in JSON", '{"Authorization": "Basic dXNlcjpwYXNzd29yZA=="}', '{"Authorization": "Basic [REDACTED:authorization]"}'],
  ["spaces before an authorization header's colon", "Authorization  :  token abc12345", "Authorization  :  token [REDACTED:authorization]"],
  ["a cookie header in JSON", '{"Cookie": "sid=abc123; theme=dark"}', '{"Cookie": "[REDACTED:cookie]"}'],
  ["spaces before a cookie header's colon", "cookie : sid=abc123", "cookie : [REDACTED:cookie]"],
  ["an API key header in JSON", '{"x-api-key": "abcdefgh12345678"}', '{"x-api-key": "[REDACTED:api-key-header]"}'],
  ["spaces before an API key header's colon", "X-Goog-Api-Key  : abcdefgh12345678", "X-Goog-Api-Key  : [REDACTED:api-key-header]"],
  // Bearer with more than one space.
  ["a bearer token after three spaces", "Bearer   abcdefgh12345678", "Bearer   [REDACTED:bearer]"],
  // URL credentials end where the URL ends: a space, a quote, a bracket, the text's end.
  ["URL credentials in parentheses", "(see https://ada:s3cret@db.example.com/x) done", "(see https://[REDACTED:url-credentials]@db.example.com/x) done"],
  ["URL credentials in angle brackets", "<https://ada:s3cret@db.example.com>", "<https://[REDACTED:url-credentials]@db.example.com>"],
  ["URL credentials in quotes", 'url = "postgres://ada:s3cret@db:5432/app"', 'url = "postgres://[REDACTED:url-credentials]@db:5432/app"'],
  ["URL credentials at the text's end", "postgres://ada:s3cret@db", "postgres://[REDACTED:url-credentials]@db"],
  // curl's -u and --user: spaces, =, quotes.
  ["-u with two spaces and a quote", "curl -u  'admin:s3cretpw' https://x", "curl -u  'admin:[REDACTED:basic-auth-flag]' https://x"],
  ["--user=", "curl --user=admin:s3cretpw https://x", "curl --user=admin:[REDACTED:basic-auth-flag] https://x"],
  ["--proxy-user", "curl --proxy-user admin:s3cretpw https://x", "curl --proxy-user admin:[REDACTED:basic-auth-flag] https://x"],
];

// Every flag name of the password-flag rule.
const FLAGS = ["password", "passwd", "pass", "pwd", "token", "secret", "api-key", "apikey", "access-token", "auth-token", "client-secret", "key"];

describe("redaction boundaries", () => {
  it.each(FIVE)("hides five %s secrets in one text", (rule, sample) => {
    const r = redactSecrets(Array.from({ length: 5 }, () => sample).join(" and "));
    expect(r.text).toBe(Array.from({ length: 5 }, () => `[REDACTED:${rule}]`).join(" and "));
    expect(r.rules[rule]).toBe(5);
  });

  it.each(EXACT)("%s", (_why, text, shown) => {
    expect(redactSecrets(text).text).toBe(shown);
  });

  it.each(FLAGS)("hides the value of --%s", (flag) => {
    expect(redactSecrets(`tool --${flag} abc123xyz --verbose`).text).toBe(`tool --${flag} [REDACTED:password-flag] --verbose`);
    expect(redactSecrets(`tool -${flag}=abc123xyz`).text).toBe(`tool -${flag}=[REDACTED:password-flag]`);
  });
});
