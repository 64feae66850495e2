import { describe, expect, it } from 'vitest';
import { readableLogStream } from './readable-log.ts';

describe('readable log lines', () => {
  it('joins a request and its completion into one line, and shows other messages with their level', () => {
    const lines: string[] = [];
    const stream = readableLogStream({ write: (text: string) => lines.push(text) });
    const time = new Date(2026, 10, 24, 9, 41, 7).getTime();
    stream.write(
      JSON.stringify({
        level: 30,
        time,
        reqId: 'a',
        msg: 'incoming request',
        req: { method: 'POST', url: '/api/mo/queue' },
      }),
    );
    stream.write(
      JSON.stringify({
        level: 30,
        time,
        reqId: 'a',
        msg: 'request completed',
        res: { statusCode: 200 },
        responseTime: 12.4,
      }),
    );
    stream.write(JSON.stringify({ level: 40, time, msg: 'slow database' }));
    expect(lines).toEqual([
      '09:41:07 INFO  POST /api/mo/queue 200 12 ms\n',
      '09:41:07 WARN  slow database\n',
    ]);
  });
});
