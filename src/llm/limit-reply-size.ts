/** Thrown (inside the SDK's call) when a response body passes its byte limit; mapped to an invalid-reply value. */
export class ReplyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The reply is over ${limitBytes} bytes.`);
    this.name = "ReplyTooLargeError";
  }
}

/**
 * A fetch whose response bodies stop at a byte limit (chosen by content type: event streams carry more framing per
 * character than JSON), so a server that sends megabytes is cut off while they arrive instead of being read,
 * parsed and held whole. A declared Content-Length over the limit is refused before the body is read.
 */
export function limitReplySize(base: () => typeof fetch, limitFor: (contentType: string) => number): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const res = await base()(input, init);
    if (!res.body) return res;
    const limit = limitFor(res.headers.get("content-type") ?? "");
    if (Number(res.headers.get("content-length") ?? 0) > limit) {
      await res.body.cancel().catch(() => undefined);
      throw new ReplyTooLargeError(limit);
    }
    let seen = 0;
    const counted = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > limit) controller.error(new ReplyTooLargeError(limit));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
