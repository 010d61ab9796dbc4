/** One redaction rule: a name (shown in the placeholder) and what it matches. */
interface RedactionRule {
  name: string;
  pattern: RegExp;
  /** How to replace a match; default: the whole match becomes the placeholder. */
  replace?: (match: string, ...groups: string[]) => string;
}

const mark = (name: string): string => `[REDACTED:${name}]`;

/**
 * The rule table, most specific first (an Anthropic key is named as one, not as a generic token). Written here
 * rather than taken from a rule library: the maintained sets (secretlint's presets) run on Node and weigh more than
 * the whole plugin; this table is small, runs anywhere and is tested rule by rule.
 */
const RULES: RedactionRule[] = [
  { name: "private-key", pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g },
  { name: "anthropic", pattern: /\bsk-ant-[a-z]{2,10}\d{0,3}-[A-Za-z0-9_-]{16,}/g },
  { name: "openai", pattern: /\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{16,}|\bsk-[A-Za-z0-9]{20,}T3BlbkFJ[A-Za-z0-9]{20,}|\bsk-[A-Za-z0-9]{32,}\b/g },
  { name: "github", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})\b/g },
  { name: "aws", pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g },
  { name: "aws", pattern: /\b(aws_?secret_?access_?key|aws_?session_?token)(["']?\s*[:=]\s*["']?)[A-Za-z0-9/+=]{30,}/gi, replace: (_m, k, sep) => `${k}${sep}${mark("aws")}` },
  { name: "gcp", pattern: /\bAIza[0-9A-Za-z_-]{35}\b|\bya29\.[0-9A-Za-z_-]{20,}/g },
  { name: "slack", pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}|https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]+/g },
  { name: "stripe", pattern: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}\b|\bwhsec_[A-Za-z0-9]{24,}\b/g },
  { name: "npm", pattern: /\bnpm_[A-Za-z0-9]{36}\b|(\/\/[^\s]*:_authToken=)[^\s]+/g, replace: (m, prefix) => (prefix ? `${prefix}${mark("npm")}` : mark("npm")) },
  { name: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { name: "authorization", pattern: /\b((?:proxy-)?authorization["']?\s*[:=]\s*["']?)(?:(bearer|basic|token|digest)\s+)?[^\s"',;]+/gi, replace: (_m, head, scheme) => `${head}${scheme ? `${scheme} ` : ""}${mark("authorization")}` },
  { name: "bearer", pattern: /\b(bearer\s+)[A-Za-z0-9._~+/=-]{12,}/gi, replace: (_m, head) => `${head}${mark("bearer")}` },
  { name: "api-key-header", pattern: /\b(x-api-key["']?\s*[:=]\s*["']?)[^\s"',;]{8,}/gi, replace: (_m, head) => `${head}${mark("api-key-header")}` },
  { name: "url-credentials", pattern: /\b([a-z][a-z0-9+.-]{1,20}:\/\/)[^\s:/@]+:[^\s@/]+@/gi, replace: (_m, scheme) => `${scheme}${mark("url-credentials")}@` },
  {
    name: "secret-assignment",
    pattern: /\b([A-Za-z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|PWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH_?KEY|CLIENT_?SECRET)[A-Za-z0-9_]*)(\s*[:=]\s*)("[^"\n]{4,}"|'[^'\n]{4,}'|[^\s"'`,;]{4,})/gi,
    replace: (m, name, sep, value: string) => (/REDACTED|^\$\{|^<|^\*+$|^x{4,}$/i.test(value.replace(/^["']/, "")) ? m : `${name}${sep}${mark("secret-assignment")}`),
  },
];

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
  for (const rule of RULES) {
    out = out.replace(rule.pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      const groups = args.slice(1, -2).map((g) => (typeof g === "string" ? g : ""));
      const replaced = rule.replace ? rule.replace(match, ...groups) : mark(rule.name);
      if (replaced !== match) {
        count++;
        rules[rule.name] = (rules[rule.name] ?? 0) + 1;
      }
      return replaced;
    });
  }
  for (const home of homeDirs) {
    if (home.length < 2) continue;
    out = out.split(home).join("~");
  }
  out = out.replace(/(?:\/home|\/Users)\/[A-Za-z0-9._-]+(?=\/)|[A-Za-z]:\\Users\\[A-Za-z0-9._ -]+(?=\\)/g, "~");
  return { text: out, count, rules };
}

/** True for a file whose contents must never be captured at all (environment files, keys). */
export function isSecretFile(path: string): boolean {
  const name = path.replace(/\\/g, "/").split("/").pop() ?? "";
  return /^\.env(?:\..*)?$|\.pem$|\.key$|\.p12$|\.pfx$|^id_[a-z0-9]+(?:\.pub)?$|^\.netrc$|^\.npmrc$|^credentials(?:\.json)?$/i.test(name);
}
