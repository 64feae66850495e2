/** A short two-note chime made with the Web Audio API (no audio file to load). */
import { whenIdle } from '../../lib/use-when-idle.ts';

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  const w = window as Window & { webkitAudioContext?: AudioContextClass };
  return typeof window === 'undefined' ? undefined : (window.AudioContext ?? w.webkitAudioContext);
}

/** How long the person has not pressed a key or the pointer before the context is made. */
export const QUIET_MS = 1_000;

/**
 * Makes the chime's audio context while the person is not typing or clicking, and resumes it on a gesture.
 *
 * Browsers let a page make sound only after a user gesture, so a chime that a timer plays later needs a context that
 * a gesture has let run. Making the context is the costly part: the browser's first one starts its audio service, a
 * synchronous call of 210–280 ms on the main thread in this machine's Chromium. Made in the gesture's handler, as it
 * was, it stalled the person's first key press or click of the day, typically the first letter typed into the
 * patient search (bench/history/web-vitals.md, 2026-12-06). So the context is made when the browser is idle and no
 * key or pointer has been pressed for `QUIET_MS`; a gesture only resumes it, which is asynchronous. Made before any
 * gesture it starts suspended (a browser may say so in the console) and the first gesture lets it run; made after
 * one, it runs at once where the page's earlier gesture counts (Chromium, Firefox), or from the next gesture.
 */
export function prepareAudioWhenQuiet(): () => void {
  const Context = audioContextClass();
  if (!Context) return () => {};
  let lastInput = Number.NEGATIVE_INFINITY;
  let timer: number | undefined;
  let cancelIdle = () => {};
  const makeWhenQuiet = () => {
    const quietFor = performance.now() - lastInput;
    if (quietFor < QUIET_MS) timer = window.setTimeout(schedule, QUIET_MS - quietFor);
    else context ??= new Context();
  };
  function schedule() {
    cancelIdle = whenIdle(makeWhenQuiet);
  }
  const onGesture = () => {
    lastInput = performance.now();
    if (context?.state === 'suspended') void context.resume();
  };
  window.addEventListener('pointerdown', onGesture, { capture: true });
  window.addEventListener('keydown', onGesture, { capture: true });
  if (!context) schedule();
  return () => {
    window.removeEventListener('pointerdown', onGesture, { capture: true });
    window.removeEventListener('keydown', onGesture, { capture: true });
    window.clearTimeout(timer);
    cancelIdle();
  };
}

/** Plays the chime; false when the browser cannot (no Web Audio, or no gesture yet). */
export function playChime(): boolean {
  const Context = audioContextClass();
  if (!Context) return false;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime + 0.01;
    for (const [i, frequency] of [880, 660].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const at = start + i * 0.18;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.17);
    }
    return true;
  } catch {
    return false;
  }
}
