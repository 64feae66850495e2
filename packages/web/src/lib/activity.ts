/** When the signed-in user last did something the server counts as activity (idle expiry starts from it). */
let lastActivityAt = Date.now();

// Other tabs of the app keep the same session alive: they tell each other.
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('basira-activity') : null;
if (channel)
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data === 'number' && event.data > lastActivityAt) lastActivityAt = event.data;
  };

export function markActivity(at = Date.now()): void {
  lastActivityAt = at;
  channel?.postMessage(at);
}

export function getLastActivity(): number {
  return lastActivityAt;
}
