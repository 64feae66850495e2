// The users' HTTP: one keep-alive pool for calls (each user has at most one call in flight) and a connection of its
// own per live event stream, read frame by frame.
import http from 'node:http';

export interface Answer {
  status: number;
  text: string;
}

const calls = new http.Agent({ keepAlive: true, maxSockets: Infinity });

export class Api {
  private readonly url: URL;

  constructor(
    base: string,
    private readonly slug: string,
  ) {
    this.url = new URL(base);
  }

  call(
    method: string,
    path: string,
    token: string | null,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = { ...extra, 'x-organization': this.slug };
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: this.url.hostname, port: this.url.port, method, path, headers, agent: calls },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Opens `GET /api/events`; resolves once the server's `ready` frame has arrived. */
  events(token: string, onEvent: (type: string, data: string) => void): Promise<EventStream> {
    return new Promise((resolve, reject) => {
      const req = http.get(
        {
          host: this.url.hostname,
          port: this.url.port,
          path: '/api/events',
          headers: { authorization: `Bearer ${token}`, 'x-organization': this.slug },
          agent: false,
        },
        (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`events: ${res.statusCode}`));
            res.resume();
            return;
          }
          const stream: EventStream = { ended: false, close: () => req.destroy() };
          let buffered = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffered += chunk;
            for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
              const frame = buffered.slice(0, end);
              buffered = buffered.slice(end + 2);
              let type = 'message';
              let data = '';
              for (const line of frame.split('\n'))
                if (line.startsWith('event: ')) type = line.slice(7);
                else if (line.startsWith('data: ')) data += line.slice(6);
              if (type === 'ready') resolve(stream);
              if (data) onEvent(type, data);
            }
          });
          res.on('close', () => (stream.ended = true));
        },
      );
      req.on('error', reject);
    });
  }
}

export interface EventStream {
  /** The server closed it (or the connection dropped) before the bench did. */
  ended: boolean;
  close(): void;
}
