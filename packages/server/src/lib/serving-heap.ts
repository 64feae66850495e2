import v8 from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring in the serving process (`main.ts`, and the benches' servers, which
 * measure it as it runs). Under load, a request's objects are still alive when a scavenge comes (ten requests are
 * in flight at any time), so V8 judges their allocation sites long-lived and allocates them straight in the old
 * generation, where they die a few milliseconds later: the old generation filled with garbage within seconds, each
 * old-to-young pointer made the scavenges slower, and the server spent several times the garbage-collection time of
 * a bare node:http server on the same statements. Without it, on the list pages, scavenges take less time, there
 * are fewer mark-compacts and the server's CPU a request is lower (bench/history/list-pages.md).
 * Set at run time, since `npm start` and a hand-run `node dist/main.js` should both have it: V8 reads this flag
 * at each garbage collection and when it makes a new allocation site, and sites already pretenured stay so.
 */
export function tuneHeapForServing(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
