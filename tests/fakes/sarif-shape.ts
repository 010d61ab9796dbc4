/**
 * A small structural check of a SARIF 2.1.0 log against the parts of the OASIS schema (sarif-schema-2.1.0.json) that a
 * lint run uses: each object's allowed properties (the schema sets additionalProperties: false), required ones, enums,
 * integer minimums, and that ruleIndex points at the rule named by ruleId. Returns one line per problem.
 */
export function sarifProblems(log: unknown): string[] {
  const problems: string[] = [];
  const fail = (at: string, what: string) => problems.push(`${at}: ${what}`);
  const obj = (v: unknown, at: string, allowed: string[], required: string[] = []): Record<string, unknown> | null => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) {
      fail(at, "is not an object");
      return null;
    }
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) if (!allowed.includes(k)) fail(at, `has no property ${k} in SARIF 2.1.0`);
    for (const k of required) if (!(k in o)) fail(at, `lacks ${k}`);
    return o;
  };
  const arr = (v: unknown, at: string): unknown[] => {
    if (!Array.isArray(v)) {
      fail(at, "is not an array");
      return [];
    }
    return v;
  };
  const int = (v: unknown, at: string, min: number) => {
    if (v === undefined) return;
    if (!Number.isInteger(v) || (v as number) < min) fail(at, `is not an integer >= ${min}`);
  };
  const str = (v: unknown, at: string) => {
    if (v !== undefined && typeof v !== "string") fail(at, "is not a string");
  };
  const text = (v: unknown, at: string) => {
    const m = obj(v, at, ["text", "markdown", "id", "arguments", "properties"]);
    if (m && typeof m.text !== "string" && typeof m.id !== "string") fail(at, "has neither text nor id");
  };
  const location = (v: unknown, at: string) => {
    const l = obj(v, at, ["id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships", "properties"]);
    if (!l) return;
    int(l.id, `${at}.id`, -1);
    if (l.message !== undefined) text(l.message, `${at}.message`);
    if (l.physicalLocation === undefined) return;
    const p = obj(l.physicalLocation, `${at}.physicalLocation`, ["address", "artifactLocation", "region", "contextRegion", "properties"]);
    if (!p) return;
    const a = obj(p.artifactLocation, `${at}.physicalLocation.artifactLocation`, ["uri", "uriBaseId", "index", "description", "properties"]);
    if (a) {
      str(a.uri, `${at}...artifactLocation.uri`);
      str(a.uriBaseId, `${at}...artifactLocation.uriBaseId`);
      // A uri is an RFC 3986 reference: no spaces or backslashes, and relative here (vault-relative paths).
      if (typeof a.uri === "string" && (/[\s\\]/.test(a.uri) || a.uri.startsWith("/") || /^[a-z][a-z0-9+.-]*:/i.test(a.uri)))
        fail(`${at}...artifactLocation.uri`, `"${a.uri}" is not a relative URI reference`);
    }
    if (p.region !== undefined) {
      const r = obj(p.region, `${at}.physicalLocation.region`, [
        "startLine",
        "startColumn",
        "endLine",
        "endColumn",
        "charOffset",
        "charLength",
        "byteOffset",
        "byteLength",
        "snippet",
        "message",
        "sourceLanguage",
        "properties",
      ]);
      if (r) for (const k of ["startLine", "startColumn", "endLine", "endColumn"]) int(r[k], `${at}.region.${k}`, 1);
    }
  };

  const root = obj(log, "log", ["$schema", "version", "runs", "inlineExternalProperties", "properties"], ["version", "runs"]);
  if (!root) return problems;
  if (root.version !== "2.1.0") fail("log.version", "is not 2.1.0");
  for (const [i, runValue] of arr(root.runs, "log.runs").entries()) {
    const at = `runs[${i}]`;
    const run = obj(
      runValue,
      at,
      [
        "tool",
        "invocations",
        "conversion",
        "language",
        "versionControlProvenance",
        "originalUriBaseIds",
        "artifacts",
        "logicalLocations",
        "graphs",
        "results",
        "automationDetails",
        "runAggregates",
        "baselineGuid",
        "redactionTokens",
        "defaultEncoding",
        "defaultSourceLanguage",
        "newlineSequences",
        "columnKind",
        "externalPropertyFileReferences",
        "threadFlowLocations",
        "taxonomies",
        "addresses",
        "translations",
        "policies",
        "webRequests",
        "webResponses",
        "specialLocations",
        "properties",
      ],
      ["tool"],
    );
    if (!run) continue;
    if (run.columnKind !== undefined && run.columnKind !== "utf16CodeUnits" && run.columnKind !== "unicodeCodePoints")
      fail(`${at}.columnKind`, "is not a column kind");
    const tool = obj(run.tool, `${at}.tool`, ["driver", "extensions", "properties"], ["driver"]);
    const driver = tool
      ? obj(
          tool.driver,
          `${at}.tool.driver`,
          [
            "guid",
            "name",
            "organization",
            "product",
            "productSuite",
            "shortDescription",
            "fullDescription",
            "fullName",
            "version",
            "semanticVersion",
            "dottedQuadFileVersion",
            "releaseDateUtc",
            "downloadUri",
            "informationUri",
            "globalMessageStrings",
            "notifications",
            "rules",
            "taxa",
            "locations",
            "language",
            "contents",
            "isComprehensive",
            "localizedDataSemanticVersion",
            "minimumRequiredLocalizedDataSemanticVersion",
            "associatedComponent",
            "translationMetadata",
            "supportedTaxonomies",
            "properties",
          ],
          ["name"],
        )
      : null;
    const ruleIds: string[] = [];
    if (driver) {
      str(driver.name, `${at}.tool.driver.name`);
      for (const [k, ruleValue] of arr(driver.rules ?? [], `${at}.tool.driver.rules`).entries()) {
        const rat = `${at}.rules[${k}]`;
        const rule = obj(
          ruleValue,
          rat,
          [
            "id",
            "deprecatedIds",
            "guid",
            "deprecatedGuids",
            "name",
            "deprecatedNames",
            "shortDescription",
            "fullDescription",
            "messageStrings",
            "defaultConfiguration",
            "helpUri",
            "help",
            "relationships",
            "properties",
          ],
          ["id"],
        );
        if (!rule) continue;
        if (typeof rule.id !== "string") fail(`${rat}.id`, "is not a string");
        else ruleIds.push(rule.id);
        for (const d of ["shortDescription", "fullDescription"]) if (rule[d] !== undefined) text(rule[d], `${rat}.${d}`);
        if (rule.defaultConfiguration !== undefined) {
          const c = obj(rule.defaultConfiguration, `${rat}.defaultConfiguration`, ["enabled", "level", "rank", "parameters", "properties"]);
          if (c && c.level !== undefined && !["none", "note", "warning", "error"].includes(c.level as string))
            fail(`${rat}.defaultConfiguration.level`, "is not a level");
        }
      }
    }
    for (const [k, resultValue] of arr(run.results ?? [], `${at}.results`).entries()) {
      const rat = `${at}.results[${k}]`;
      const r = obj(
        resultValue,
        rat,
        [
          "ruleId",
          "ruleIndex",
          "rule",
          "kind",
          "level",
          "message",
          "analysisTarget",
          "locations",
          "guid",
          "correlationGuid",
          "occurrenceCount",
          "partialFingerprints",
          "fingerprints",
          "stacks",
          "codeFlows",
          "graphs",
          "graphTraversals",
          "relatedLocations",
          "suppressions",
          "baselineState",
          "rank",
          "attachments",
          "hostedViewerUri",
          "workItemUris",
          "provenance",
          "fixes",
          "taxa",
          "webRequest",
          "webResponse",
          "properties",
        ],
        ["message"],
      );
      if (!r) continue;
      text(r.message, `${rat}.message`);
      str(r.ruleId, `${rat}.ruleId`);
      int(r.ruleIndex, `${rat}.ruleIndex`, -1);
      if (typeof r.ruleIndex === "number" && r.ruleIndex >= 0 && ruleIds[r.ruleIndex] !== r.ruleId)
        fail(`${rat}.ruleIndex`, `points at ${ruleIds[r.ruleIndex]}, not ${String(r.ruleId)}`);
      if (r.level !== undefined && !["none", "note", "warning", "error"].includes(r.level as string)) fail(`${rat}.level`, "is not a level");
      for (const [j, l] of arr(r.locations ?? [], `${rat}.locations`).entries()) location(l, `${rat}.locations[${j}]`);
      for (const [j, l] of arr(r.relatedLocations ?? [], `${rat}.relatedLocations`).entries()) location(l, `${rat}.relatedLocations[${j}]`);
    }
  }
  return problems;
}

/** The parts of a SARIF log that the tests read or change (any other property of a result is allowed). */
export interface SarifLocation {
  id?: number;
  message?: { text: string };
  physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region?: { startLine: number; startColumn?: number } };
}
export interface SarifResult {
  ruleId?: string;
  ruleIndex?: number;
  level?: string;
  message?: { text: string };
  locations: SarifLocation[];
  relatedLocations?: SarifLocation[];
  [other: string]: unknown;
}
export interface SarifLog {
  version: string;
  runs: {
    tool: { driver: { name: string; version?: string; rules: { id: string; shortDescription: { text: string }; defaultConfiguration: { level: string } }[] } };
    results: SarifResult[];
  }[];
}

/** Parses a SARIF log printed as JSON. */
export const parseSarif = (text: string): SarifLog => JSON.parse(text) as SarifLog;
