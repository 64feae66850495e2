// Child process of run.ts: a minimal round-robin HTTP proxy in front of the server processes (argv: their base
// URLs). Each request goes to the next backend in turn, its body and the answer piped through unchanged — the
// long-lived event streams too, written on as they arrive. No retries, no health checks, no buffering.
import http from 'node:http';

const backends = process.argv.slice(2).map((base) => new URL(base));
// Keep-alive connections to each backend, as a load balancer keeps them; enough for every user at once.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;
let proxied = 0;

const server = http.createServer((req, res) => {
  const target = backends[next]!;
  next = (next + 1) % backends.length;
  proxied++;
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`proxy: ${error.message}`);
  });
  // A client that leaves (an event stream closed) closes its upstream request too.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 60_000;

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.send?.({ base: `http://127.0.0.1:${address.port}` });
});
process.on('message', () => process.send?.({ cpu: process.cpuUsage(), proxied }));
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
