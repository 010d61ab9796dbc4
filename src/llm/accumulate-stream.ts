import Anthropic from "@anthropic-ai/sdk";

/** A streamed reply put together: the message (its usage absent when the server reported none), its text. */
export type StreamedReply = { tooLong: true } | { tooLong: false; message: Omit<Anthropic.Message, "usage"> & { usage?: Anthropic.Usage }; text: string };

/** What a stream has delivered so far, kept as it arrives: a stream stopped part way has still been billed for it. */
export interface StreamSoFar {
  /** The server has started the reply (its start, or text, arrived). */
  started: boolean;
  /** The usage reported so far (at the start, and in any delta), or undefined where the server reported none. */
  usage: Anthropic.Usage | undefined;
  text: string;
}

/** Nothing delivered yet. */
export function emptyStream(): StreamSoFar {
  return { started: false, usage: undefined, text: "" };
}

/**
 * Reads a Messages API event stream into one message, telling `alive` of every event and `onText` of every text
 * delta (false from it stops the stream: the reply is too long), keeping what arrived in `soFar`. Unlike the SDK's own accumulator, a server that
 * sends no usage (in `message_start` or `message_delta`) is taken as it is: the message then has no usage. A stream
 * ended by an abort (the caller's or the timeout's) throws the SDK's abort error.
 */
export async function accumulateStream(
  events: AsyncIterable<Anthropic.RawMessageStreamEvent> & { controller: AbortController },
  alive: () => void,
  onText: (delta: string) => boolean,
  soFar: StreamSoFar = emptyStream(),
): Promise<StreamedReply> {
  let start: Anthropic.Message | null = null;
  let text = "";
  let usage: Anthropic.Usage | undefined;
  const keep = (): void => {
    soFar.usage = usage;
    soFar.text = text;
  };
  let stop: Anthropic.Message["stop_reason"] = null;
  let stopSequence: string | null = null;
  for await (const event of events) {
    alive();
    if (event.type === "message_start") {
      start = event.message;
      usage = (event.message as Partial<Anthropic.Message>).usage ?? undefined;
      soFar.started = true;
    } else if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
      soFar.started = true;
      if (!onText(event.delta.text)) {
        events.controller.abort();
        // Refused for its size, the delta was still sent, and billed.
        text += event.delta.text;
        keep();
        return { tooLong: true };
      }
      text += event.delta.text;
    } else if (event.type === "message_delta") {
      stop = event.delta.stop_reason;
      stopSequence = event.delta.stop_sequence;
      const u = (event as Partial<Anthropic.RawMessageDeltaEvent>).usage;
      if (u) usage = { ...(usage ?? ({} as Anthropic.Usage)), ...definedOf(u) };
    }
    keep();
  }
  // The SDK's event stream ends quietly when aborted (by the caller or the timeout): the reply is not whole.
  if (events.controller.signal.aborted) throw new Anthropic.APIUserAbortError();
  const message = {
    ...(start ?? ({ id: "", type: "message", role: "assistant", model: "" } as unknown as Anthropic.Message)),
    content: text ? [{ type: "text", text, citations: null }] : [],
    stop_reason: stop,
    stop_sequence: stopSequence,
    usage,
  } as Omit<Anthropic.Message, "usage"> & { usage?: Anthropic.Usage };
  if (!usage) delete message.usage;
  return { tooLong: false, message, text };
}

/** The fields of a usage delta that carry a count (a server may send nulls for those it does not know). */
function definedOf(u: Anthropic.MessageDeltaUsage): Partial<Anthropic.Usage> {
  return Object.fromEntries(Object.entries(u).filter(([, v]) => v !== null && v !== undefined));
}
