import { looksRandom } from "./looks-random";

/** One redaction rule: a name (shown in the placeholder) and what it matches. */
export interface RedactionRule {
  name: string;
  pattern: RegExp;
  /** How to replace a match; default: the whole match becomes the placeholder. */
  replace?: (match: string, ...groups: string[]) => string;
}

const mark = (name: string): string => `[REDACTED:${name}]`;

/**
 * A token's start: the text's start or a character that is not a token character (captured, and put back by the
 * replacement), so a long run of token characters is tried from one place only. Not a lookbehind: iOS before 16.4
 * has none.
 */
const T = "(^|[^A-Za-z0-9_-])";
/** The replacement of a rule that starts with T: the captured character, then the placeholder. */
const keepLead =
  (name: string) =>
  (_m: string, lead: string): string =>
    `${lead}${mark(name)}`;

/**
 * True for a value that only stands for a secret: already redacted, a variable reference, a <placeholder>, stars,
 * xxxx, a boolean or null (quotes aside).
 */
function placeholderValue(value: string): boolean {
  return /REDACTED|^\$\{|^\$[A-Z_]|^<|^\*+$|^x{4,}$|^(?:true|false|null|none|undefined)$/i.test(value.replace(/^["']/, "").replace(/["']$/, ""));
}

/** The parts of an environment variable's name (between _ . -) that make its value a credential. */
const ENV_SECRET_PARTS = new Set([
  "KEY",
  "KEYS",
  "APIKEY",
  "TOKEN",
  "TOKENS",
  "SECRET",
  "SECRETS",
  "PASSWORD",
  "PASSWORDS",
  "PASSWD",
  "PASS",
  "PASSPHRASE",
  "PWD",
  "PW",
  "AUTH",
  "CREDENTIAL",
  "CREDENTIALS",
  "CRED",
  "CREDS",
  "PAT",
  "DSN",
  "SALT",
  "PEPPER",
  "SIG",
  "SIGNATURE",
  "SIGNING",
  "PIN",
  "OTP",
  "TOTP",
  "SEED",
  "MNEMONIC",
  "HMAC",
  "COOKIE",
  "SK",
  "PRIVATE",
  "WEBHOOK",
  "CONNSTR",
]);

/**
 * True when an environment variable's name says its value is a credential: a part of it is one of
 * ENV_SECRET_PARTS (DB_PASSWORD, GH_PAT, SENTRY_DSN), it ends in one glued on (PGPASSWORD, GITHUBTOKEN), or it names a
 * connection string. Length is bounded by the pattern (128 characters).
 */
export function envSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  if (upper.split("_").some((part) => ENV_SECRET_PARTS.has(part))) return true;
  return /(?:PASSWORD|PASSWD|TOKEN|SECRET|APIKEY|AUTHKEY)$|CONNECTION_?STRING|CONN_?STR/.test(upper);
}

/** Names whose value is a credential (.env, YAML, JSON, connection strings), matched in any case. */
const SECRET_NAME =
  "(?:SECRET|TOKEN|PASSWORD|PASSWD|PASSPHRASE|PWD|PASS|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|ACCOUNT_?KEY|SHARED_?ACCESS_?KEY|SAS_?TOKEN|CREDENTIALS?|AUTH_?KEY|CLIENT_?SECRET|_KEY|COOKIE|SESSION_?ID)";

/**
 * The rule table, most specific first (an Anthropic key is named as one, not as a generic token). Every repetition
 * is bounded and every token starts where no token character precedes it, so no rule backtracks over a long run
 * (a 1 MB prompt of token-like fragments costs linear time). Judged against gitleaks' rules and secretlint's
 * recommended preset (see the tests for the shapes); kept hand-written because those run on Node only and weigh more
 * than the plugin, while this table runs on mobile too and fails closed with the generic rules at the end.
 */
export const REDACTION_RULES: readonly RedactionRule[] = [
  // Up to two words before PRIVATE KEY (RSA, EC, OPENSSH, ENCRYPTED, PGP ... BLOCK), to the next END line or the text's
  // end. Unbounded but linear (each run is read once); the bounded {0,40} it replaced was too large for recheck to decide.
  { name: "private-key", pattern: /-----BEGIN (?:[A-Z0-9]+ )?(?:[A-Z0-9]+ )?PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]+-----|$)/g },
  { name: "anthropic", pattern: new RegExp(`${T}sk-ant-[a-z]{2,10}\\d{0,3}-[A-Za-z0-9_-]{16,512}`, "g"), replace: keepLead("anthropic") },
  {
    name: "openai",
    pattern: new RegExp(
      `${T}(?:sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{16,512}|sk-[A-Za-z0-9]{20,256}T3BlbkFJ[A-Za-z0-9]{20,256}|sk-[A-Za-z0-9]{32,512}(?![A-Za-z0-9]))`,
      "g",
    ),
    replace: keepLead("openai"),
  },
  { name: "github", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  { name: "gitlab", pattern: new RegExp(`${T}(?:glpat|gldt|glrt|glptt|glft|glsoat)-[A-Za-z0-9_-]{20,255}`, "g"), replace: keepLead("gitlab") },
  { name: "aws", pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g },
  {
    name: "aws",
    pattern: /\b(aws_?secret_?access_?key|aws_?session_?token|SecretAccessKey|SessionToken)(["']?\s{0,8}[:=]\s{0,8}["']?)[A-Za-z0-9/+=]{16,2048}/gi,
    replace: (_m, k, sep) => `${k}${sep}${mark("aws")}`,
  },
  {
    name: "gcp",
    pattern: new RegExp(`${T}(?:AIza[0-9A-Za-z_-]{35}|ya29\\.[0-9A-Za-z_-]{20,2048}|GOCSPX-[0-9A-Za-z_-]{20,64})`, "g"),
    replace: keepLead("gcp"),
  },
  {
    name: "slack",
    pattern: new RegExp(`${T}(?:xox[abposre]-[A-Za-z0-9-]{10,255}|xapp-[A-Za-z0-9-]{10,255})|https://hooks\\.slack\\.com/services/[A-Za-z0-9/_-]{1,255}`, "g"),
    replace: keepLead("slack"),
  },
  { name: "stripe", pattern: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,255}\b|\bwhsec_[A-Za-z0-9]{24,255}\b/g },
  {
    name: "npm",
    pattern: /\bnpm_[A-Za-z0-9]{36}\b|(\/\/[^\s]{0,255}:_authToken=)[^\s]{1,512}/g,
    replace: (m, prefix) => (prefix ? `${prefix}${mark("npm")}` : mark("npm")),
  },
  {
    name: "token",
    replace: keepLead("token"),
    // Newer provider prefixes: Hugging Face, SendGrid, DigitalOcean, Shopify, PyPI, Databricks, Groq, Replicate, xAI,
    // Linear, Notion, Doppler, Twilio, Azure storage SAS signatures; then Tailscale, Grafana, 1Password service
    // accounts, age, PlanetScale, Pulumi, RubyGems, Sentry, Postman, Brevo, Hugging Face organisations, Alibaba Cloud
    // (lower-case hex or upper-case keys the mixed-case rule at the end cannot see).
    pattern: new RegExp(
      `${T}(?:hf_[A-Za-z0-9]{30,64}|SG\\.[A-Za-z0-9_-]{16,64}\\.[A-Za-z0-9_-]{16,64}|do[por]_v1_[a-f0-9]{64}|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}|pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,512}|dapi[a-f0-9]{32}(?:-\\d)?|gsk_[A-Za-z0-9]{40,64}|r8_[A-Za-z0-9]{37,40}|xai-[A-Za-z0-9]{40,100}|lin_api_[A-Za-z0-9]{40}|(?:secret|ntn)_[A-Za-z0-9]{40,50}|dp\\.(?:pt|st|sa|ct|scim|audit)\\.[A-Za-z0-9]{40,64}|SK[0-9a-f]{32}(?![0-9a-f])` +
        `|tskey-[a-z]{2,16}-[A-Za-z0-9-]{16,256}|glc_[A-Za-z0-9+/]{32,1024}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|ops_eyJ[A-Za-z0-9+/_-]{40,4096}={0,2}` +
        `|AGE-SECRET-KEY-1[0-9A-Z]{58}|pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.=-]{32,64}|pul-[a-f0-9]{40}|rubygems_[a-f0-9]{48}` +
        `|sntryu_[a-f0-9]{64}|sntrys_eyJ[A-Za-z0-9+/=_-]{40,4096}|PMAK-[a-f0-9]{24}-[a-f0-9]{34}|xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}` +
        `|api_org_[A-Za-z]{34}|LTAI[A-Za-z0-9]{20})`,
      "g",
    ),
  },
  { name: "jwt", pattern: new RegExp(`${T}eyJ[A-Za-z0-9_-]{8,4096}\\.eyJ[A-Za-z0-9_-]{8,4096}\\.[A-Za-z0-9_-]{8,4096}`, "g"), replace: keepLead("jwt") },
  {
    name: "authorization",
    pattern: /\b((?:proxy-)?authorization["']?\s{0,8}[:=]\s{0,8}["']?)(?:(bearer|basic|token|digest|negotiate)\s{1,8})?[^\s"',;]{1,4096}/gi,
    replace: (_m, head, scheme) => `${head}${scheme ? `${scheme} ` : ""}${mark("authorization")}`,
  },
  { name: "bearer", pattern: /\b(bearer\s{1,8})[A-Za-z0-9._~+/=-]{8,4096}/gi, replace: (_m, head) => `${head}${mark("bearer")}` },
  // The value may be quoted (a header in JSON): the quote is kept, what it holds is not.
  { name: "cookie", pattern: /\b((?:set-)?cookie["']?\s{0,8}:\s{0,8}["']?)[^\n"'`]{1,4096}/gi, replace: (_m, head) => `${head}${mark("cookie")}` },
  {
    name: "api-key-header",
    pattern: /\b(x-(?:goog-)?api-key["']?\s{0,8}[:=]\s{0,8}["']?)[^\s"',;]{8,4096}/gi,
    replace: (_m, head) => `${head}${mark("api-key-header")}`,
  },
  // A scheme, an optional user, a password up to the last @ of the token (a password may hold / or @).
  {
    name: "url-credentials",
    pattern: /\b([a-z][a-z0-9+.-]{1,20}:\/\/)[^\s:/@]{0,255}:[^\s]{1,512}@(?=[^\s@]{0,1024}(?:[\s"'`)\]>]|$))/gi,
    replace: (_m, scheme) => `${scheme}${mark("url-credentials")}@`,
  },
  {
    name: "basic-auth-flag",
    pattern: /((?:^|\s)(?:-u|--user|--proxy-user)[\s=]{1,8}["']?[^\s:"']{1,255}:)[^\s"']{1,512}/g,
    replace: (_m, head) => `${head}${mark("basic-auth-flag")}`,
  },
  {
    name: "password-flag",
    pattern:
      /((?:^|\s)--?(?:password|passwd|pass|pwd|token|secret|api-key|apikey|access-token|auth-token|client-secret|key)(?:=|\s{1,8}))("[^"\n]{1,512}"|'[^'\n]{1,512}'|[^\s"'`]{1,512})/gi,
    // A value that is already a placeholder or a variable reference, quoted or not, is kept (and not counted again).
    replace: (m, head, value: string) => (/^["']?(?:\[REDACTED|\$)/.test(value) ? m : `${head}${mark("password-flag")}`),
  },
  {
    name: "password-flag",
    pattern: /((?:^|\s)(?:mysql|mysqldump|mariadb)\b[^\n]{0,200}?\s-p)([^\s-][^\s]{0,255})/g,
    replace: (_m, head) => `${head}${mark("password-flag")}`,
  },
  {
    name: "secret-assignment",
    // NAME=value, NAME: value, "name": "value" (JSON, cloud STS output), Name=value; (connection strings). The value
    // never starts at a placeholder and stops at & or ;, so one redaction cannot hide the next secret.
    pattern: new RegExp(
      `(^|[^A-Za-z0-9_])([A-Za-z0-9_.-]{0,64}${SECRET_NAME}[A-Za-z0-9_]{0,64})(["']?\\s{0,8}[:=]\\s{0,8})(?!\\[REDACTED)("[^"\\n]{4,4096}"|'[^'\\n]{4,4096}'|[^\\s"'\`,;&]{4,4096})`,
      "gi",
    ),
    replace: (m, lead, name, sep, value: string) => (placeholderValue(value) ? m : `${lead}${name}${sep}${mark("secret-assignment")}`),
  },
  {
    name: "env-assignment",
    // A line of an environment file (.env, `env`, `export` in a shell profile, `docker run -e` lists dumped one a
    // line): NAME=value at a line's start, where a part of NAME between _ . - names a credential, a wider class
    // than the rule above (AUTH, PAT, DSN, SALT, SIGNATURE, PIN, SEED...) since a line of this shape is a setting, not
    // prose. The value is taken whole up to the line's whitespace, ; , & included. Which names count is decided in
    // code (envSecretName), so the pattern stays one bounded pass per line.
    pattern:
      /(^|\n)([ \t]{0,16}(?:export[ \t]{1,8})?)([A-Za-z_][A-Za-z0-9_]{0,127})([ \t]{0,8}=[ \t]{0,8})("[^"\n]{1,4096}"|'[^'\n]{1,4096}'|[^\s"']{1,4096})/g,
    // Kept: a value that is only a placeholder (one earlier rule's whole, or a reference), or shorter than 4.
    replace: (m, lead, head, name, sep, value: string) => {
      const bare = value.replace(/^["']/, "").replace(/["']$/, "");
      const kept = /^\[REDACTED:[a-z-]{1,40}\]$/.test(bare) || (!bare.includes("[REDACTED") && placeholderValue(value)) || bare.length < 4;
      return envSecretName(name) && !kept ? `${lead}${head}${name}${sep}${mark("env-assignment")}` : m;
    },
  },
  // Fail closed: a long token of mixed letters and digits (base64, random keys in error lines) with no known shape,
  // however long (the run is taken whole from its one start, so the open tail cannot backtrack). Decided in code, not
  // by lookaheads: a run of all three kinds of character is kept only when it is clearly a path or slug of words.
  {
    name: "high-entropy",
    pattern: new RegExp(`${T}[A-Za-z0-9+/_=-]{32,}`, "g"),
    replace: (m, lead) => {
      const run = m.slice(lead.length);
      return /[0-9]/.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run) && looksRandom(run) ? `${lead}${mark("high-entropy")}` : m;
    },
  },
];

/** A home folder in a path (Linux, macOS, Windows), replaced by `~`. */
export const HOME_FOLDER = /(?:\/home|\/Users)\/[A-Za-z0-9._-]{1,255}(?=\/)|[A-Za-z]:\\Users\\[A-Za-z0-9._ -]{1,255}(?=\\)/g;

/** Text with secrets replaced by `[REDACTED:<rule>]`, how many, and by which rules. */
export interface Redacted {
  text: string;
  count: number;
  rules: Record<string, number>;
}

/**
 * Replaces every secret the rule table knows in a text, and the person's home folder by `~`. Everything a capture
 * writes or sends passes through here first.
 */
export function redactSecrets(text: string, homeDirs: readonly string[] = []): Redacted {
  const rules: Record<string, number> = {};
  let count = 0;
  let out = text;
  // Until nothing changes (a few passes at most): a placeholder must never let a following secret through.
  for (let pass = 0, before = ""; pass < 4 && before !== out; pass++) {
    before = out;
    out = applyRules(out, rules, () => count++);
  }
  for (const home of homeDirs) {
    if (home.length < 2) continue;
    out = out.split(home).join("~");
  }
  out = out.replace(HOME_FOLDER, "~");
  return { text: out, count, rules };
}

/** The first `max` characters of a text after redacting it whole (plus a margin), so a cut never splits a secret. */
export function redactThenCut(text: string, max: number, homeDirs: readonly string[] = []): Redacted {
  const r = redactSecrets(text.slice(0, max + CUT_MARGIN), homeDirs);
  return r.text.length > max ? { ...r, text: r.text.slice(0, max) } : r;
}

/** How far past a cut the text is redacted: longer than any secret shape, so one straddling the cut still matches. */
export const CUT_MARGIN = 8192;

function applyRules(text: string, rules: Record<string, number>, counted: () => void): string {
  let out = text;
  for (const rule of REDACTION_RULES) {
    out = out.replace(rule.pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      const groups = args.slice(1, -2).map((g) => (typeof g === "string" ? g : ""));
      const replaced = rule.replace ? rule.replace(match, ...groups) : mark(rule.name);
      if (replaced !== match) {
        counted();
        rules[rule.name] = (rules[rule.name] ?? 0) + 1;
      }
      return replaced;
    });
  }
  return out;
}

/** True for a file whose contents must never be captured at all (environment files, keys). */
export function isSecretFile(path: string): boolean {
  const name = path.replace(/\\/g, "/").split("/").pop() ?? "";
  return /^\.env(?:\..*)?$|\.pem$|\.key$|\.p12$|\.pfx$|^id_[a-z0-9]+(?:\.pub)?$|^\.netrc$|^\.npmrc$|^credentials(?:\.json)?$/i.test(name);
}
