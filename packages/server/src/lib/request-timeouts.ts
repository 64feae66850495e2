/**
 * Node's deadlines for a request to arrive, from REQUEST_TIMEOUT_MS. Node looks for connections past them only every
 * `connectionsCheckingInterval` (30 s by default), and its headers deadline stays at its own 60 s when the request
 * deadline is set after the server is made (as Fastify does), which also held a body that long: with both defaults a
 * body or headers trickled a byte at a time were held well past the setting.
 * Checking every second (a walk of the open connections' list, nothing per request) and ending both deadlines one
 * check early cuts headers, body and a connection that sends nothing within the setting.
 */
export function requestTimeouts(timeoutMs: number): {
  requestTimeout: number;
  headersTimeout: number;
  connectionsCheckingInterval: number;
} {
  const checkEveryMs = Math.max(10, Math.min(1_000, Math.floor(timeoutMs / 10)));
  const deadlineMs = Math.max(1, timeoutMs - checkEveryMs);
  return {
    requestTimeout: deadlineMs,
    headersTimeout: deadlineMs,
    connectionsCheckingInterval: checkEveryMs,
  };
}
