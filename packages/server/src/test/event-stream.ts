import http from 'node:http';

export interface Received {
  event: string;
  data: unknown;
  at: number;
}

/**
 * A minimal EventSource: one HTTP connection of its own (no pooled sockets left behind), collecting events and
 * comments, waiting for an event by type.
 */
export async function openStream(base: string, query: string, headers: Record<string, string> = {}) {
  const events: Received[] = [];
  const comments: string[] = [];
  let ended = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  const url = new URL(`${base}/api/events?${query}`);
  const { request, response } = await new Promise<{
    request: http.ClientRequest;
    response: http.IncomingMessage;
  }>((resolve, reject) => {
    const req = http.get(url, { agent: false, headers }, (res) => resolve({ request: req, response: res }));
    req.on('error', reject);
  });
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
      if (event && data !== undefined) events.push({ event, data: JSON.parse(data), at: Date.now() });
      comments.push(...lines.filter((l) => l.startsWith(':')));
    }
    wake();
  });
  const finish = () => {
    ended = true;
    wake();
  };
  response.on('end', finish);
  response.on('close', finish);
  response.on('error', finish);

  const next = async (event: string, timeoutMs = 2000, from = 0): Promise<Received | undefined> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.slice(from).find((e) => e.event === event);
      if (found || ended || Date.now() >= deadline) return found;
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, Math.max(1, deadline - Date.now()));
      });
    }
  };
  return {
    status: response.statusCode ?? 0,
    contentType: response.headers['content-type'] ?? null,
    events,
    comments,
    next,
    isEnded: () => ended,
    close: () => request.destroy(),
  };
}
