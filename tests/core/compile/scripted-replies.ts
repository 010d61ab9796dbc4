// Model replies for the compile fixture (tests/fixtures/compile-vault), as the tool input the model would send.

/** A valid proposal: one new concept, one connection, an update that appends to a shown section and re-stamps. */
export function validReply(): Record<string, unknown> {
  return {
    summary: "Captive portals defeat retries; a long read transaction blocks WAL checkpoints.",
    new_articles: [
      {
        path: "concepts/captive-portal-detection",
        title: "Captive portal detection",
        aliases: ["hotel wifi login page"],
        tags: ["network", "sync"],
        tldr: "A redirect to a foreign host means a captive portal: the client treats the network as offline instead of retrying.",
        answers_when: ["hotel wifi", "login page redirect", "uploads fail on public wifi", "302 on every request"],
        similar_high: [{ target: "concepts/retry-with-backoff", stamp: "2026-11" }],
        body: "# Captive portal detection\n\nPublic wifi often answers every request with a redirect to a login page.\n\n## Key Points\n- A 302 to a foreign host means a captive portal.\n- The client stops retrying until the network changes.\n\n## Details\nRetrying cannot succeed until the person logs in, so backoff only wastes battery.\n\n## Related Concepts\n- [[concepts/retry-with-backoff]] - Backoff is for transient failures only\n",
      },
      {
        path: "connections/retries-and-captive-portals",
        title: "Connection: Retries and captive portals",
        tldr: "Backoff assumes failures are transient; a captive portal is not, so it must be detected before retrying.",
        answers_when: ["why retries did not help", "retry on captive portal"],
        connects: ["concepts/retry-with-backoff", "concepts/captive-portal-detection"],
        body: "# Connection: Retries and captive portals\n\n## The Connection\nBoth decide what to do after a failed upload.\n\n## Key Insight\nA retry policy needs a classifier of failures in front of it.\n\n## Evidence\nHotel wifi answered every upload with a 302.\n\n## Related Concepts\n- [[concepts/retry-with-backoff]]\n- [[concepts/captive-portal-detection]]\n",
      },
    ],
    updates: [
      {
        path: "concepts/sqlite-wal-mode",
        answers_when: ["wal", "checkpoint", "database file size", "sqlite journal", "wal file grows"],
        sections: [
          {
            heading: "Checkpoints",
            action: "append",
            text: "A read transaction in the search indexer once held the WAL at 2 GB; the indexer now reads in batches of 500 rows and a TRUNCATE checkpoint runs when the app goes to the background.",
          },
        ],
      },
      {
        path: "concepts/retry-with-backoff",
        similar_high: [
          { target: "concepts/idempotency-keys", stamp: "2026-11" },
          { target: "concepts/captive-portal-detection", stamp: "2026-11" },
        ],
        sections: [
          { heading: "Key Points", action: "append", text: "- A redirect to a foreign host is not retried (see [[concepts/captive-portal-detection]])." },
        ],
      },
    ],
  };
}

/** The valid reply with one change applied to a copy. */
export function replyWith(
  change: (r: Record<string, unknown> & { new_articles: Record<string, unknown>[]; updates: Record<string, unknown>[] }) => void,
): Record<string, unknown> {
  const r = validReply() as Record<string, unknown> & { new_articles: Record<string, unknown>[]; updates: Record<string, unknown>[] };
  change(r);
  return r;
}

/** The valid reply's first new article (a concept), as a copy to build other replies from. */
export function firstConcept(): Record<string, unknown> {
  return (validReply() as { new_articles: Record<string, unknown>[] }).new_articles[0]!;
}
