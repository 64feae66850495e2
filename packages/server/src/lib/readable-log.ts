/**
 * Log lines a person at a terminal can read (`npm start`): `09:41:07 INFO  POST /api/mo/queue 200 12 ms`.
 * Production (no terminal, or LOG_FORMAT=json) keeps pino's JSON lines for the log collector.
 */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

export function readableLogStream(out: { write(text: string): unknown } = process.stdout) {
  // "incoming request" names the route; "request completed" (same reqId) gives the status: one line for both.
  const pending = new Map<string, string>();
  return {
    write(json: string) {
      let line: LogLine;
      try {
        line = JSON.parse(json) as LogLine;
      } catch {
        out.write(json);
        return;
      }
      if (line.msg === 'incoming request' && line.reqId && line.req) {
        pending.set(line.reqId, `${line.req.method ?? ''} ${line.req.url ?? ''}`);
        return;
      }
      let text = line.msg ?? '';
      if (line.msg === 'request completed' && line.reqId) {
        const route = pending.get(line.reqId) ?? '';
        pending.delete(line.reqId);
        text = `${route} ${line.res?.statusCode ?? ''} ${Math.round(line.responseTime ?? 0)} ms`;
      }
      if (line.err?.stack) text += `\n${line.err.stack}`;
      const time = new Date(line.time ?? Date.now()).toTimeString().slice(0, 8);
      out.write(`${time} ${(LEVELS[line.level ?? 30] ?? 'INFO').padEnd(5)} ${text}\n`);
    },
  };
}
