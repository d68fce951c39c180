/** One server-sent event as a client reads it. */
export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
  /** When it arrived (epoch ms). */
  at: number;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** Every event received so far, in order. */
  events: StreamEvent[];
  /** The first matching event after those `next` returned before; refused after `timeoutMs`. */
  next(matches?: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

function parseEvent(block: string, at: number): StreamEvent | null {
  let id: string | undefined;
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    const colon = line.indexOf(":");
    if (colon === 0) continue;
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "id") id = value;
    else if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  return data.length === 0 ? null : { id, event, data: data.join("\n"), at };
}

/**
 * Opens `/v1c/free-time-changes` as EventSource would (without its reconnects, so a test sees each stream), and
 * reads its events as they come.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let read = 0;
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffered = "";
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffered.indexOf("\n\n")) !== -1) {
          const event = parseEvent(buffered.slice(0, end), Date.now());
          buffered = buffered.slice(end + 2);
          if (event) events.push(event);
        }
        for (const waiter of waiters) waiter();
      }
    } catch {
      // Closed by the test.
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    next(matches = () => true, timeoutMs = 1_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const index = events.findIndex((event, position) => position >= read && matches(event));
          if (index === -1) return false;
          read = index + 1;
          finish();
          resolve(events[index] as StreamEvent);
          return true;
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no matching event within ${timeoutMs} ms; received: ${JSON.stringify(events)}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        const check = () => void look();
        if (!look()) waiters.add(check);
      });
    },
    close: () => abort.abort(),
  };
}
