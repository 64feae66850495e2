// The server's side of a drawn screen: how long the built server takes to answer each of bench/web-vitals' screens
// (the session, the screen's data, React's render), and what it sends (bytes before compression, elements, inline
// styles and class names). The warm LCP of a drawn screen cannot come before its answer; this says how much of it
// is the server's, without a browser.
// Prints the median of when the answer's first bytes came (its headers, and since 2026-12-07 the page's head, sent
// before the page is drawn) and of the whole answer.
// Run: npx tsx bench/web-vitals/server-render.ts [<before>]  (with a second build, a web build's dist or a whole
// built checkout (demo-server.ts), both servers are asked in turn, screen by screen, so that the machine's swings
// fall on both alike). BENCH_ANSWERS (30), BENCH_SCREENS.
// No target: the figures go beside the page loads'.
import { benchScreens, startDemoServer, type DemoServer } from './demo-server.ts';
import { median, ms, pageCookie } from './page-loads.ts';

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 30);
const only = process.env.BENCH_SCREENS?.split(',');
const beforeDist = process.argv[2];

const builds: { name: string; server: DemoServer }[] = [];
try {
  if (beforeDist) builds.push({ name: 'before', server: await startDemoServer(beforeDist) });
  builds.push({ name: beforeDist ? 'after' : 'this build', server: await startDemoServer() });
  const screens = await Promise.all(builds.map(({ server }) => benchScreens(server)));
  for (const [i, screen] of screens[0]!.screens.entries()) {
    if (only && !only.includes(screen.name)) continue;
    const times = builds.map(() => [] as number[]);
    const heads = builds.map(() => [] as number[]);
    const pages = builds.map(() => '');
    // Three answers to warm each up (the screen's code loaded, the statements prepared), then in turn.
    for (let round = -3; round < ANSWERS; round++)
      for (const [b, { server }] of builds.entries()) {
        const { url, session } = screens[b]!.screens[i]!;
        const start = performance.now();
        const res = await fetch(`${server.base}${url}`, {
          headers: {
            cookie: pageCookie(session),
            'accept-encoding': 'identity',
          },
        });
        const head = performance.now() - start;
        pages[b] = await res.text();
        if (round >= 0) {
          heads[b]!.push(head);
          times[b]!.push(performance.now() - start);
        }
      }
    for (const [b, { name }] of builds.entries()) {
      const html = pages[b]!;
      // A page the server could not draw is index.html, drawn by the browser: its figures would mean nothing.
      if (!html.includes('data-rendered-user')) throw new Error(`${screen.name} was not drawn by ${name}`);
      const sorted = [...times[b]!].sort((x, y) => x - y);
      const kb = (text: string) => `${Math.round(text.length / 1024)} KB`;
      const all = (re: RegExp) => (html.match(re) ?? []).join('');
      console.log(
        `${screen.name.padEnd(11)} ${name.padEnd(10)} first bytes ${ms(median(heads[b]!))}, ` +
          `the whole median ${ms(median(sorted))}, ` +
          `p90 ${ms(sorted[Math.floor(sorted.length * 0.9)]!)}; ${kb(html)}, ` +
          `${(html.match(/<[a-z]/gi) ?? []).length} elements, style attributes ${kb(all(/ style="[^"]*"/g))}, ` +
          `class names ${kb(all(/ class="[^"]*"/g))}`,
      );
    }
  }
} finally {
  await Promise.all(builds.map(({ server }) => server.stop()));
}
