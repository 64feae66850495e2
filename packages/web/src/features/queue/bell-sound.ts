/** A short two-note chime made with the Web Audio API (no audio file to load). */

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  const w = window as Window & { webkitAudioContext?: AudioContextClass };
  return typeof window === 'undefined' ? undefined : (window.AudioContext ?? w.webkitAudioContext);
}

/**
 * Browsers let a page make sound only after a user gesture: the context is created (or resumed) on the
 * first click or key press, so a chime later, from a timer, is heard.
 */
export function unlockAudioOnGesture(): () => void {
  const unlock = () => {
    const Context = audioContextClass();
    if (!Context) return;
    context ??= new Context();
    if (context.state === 'suspended') void context.resume();
  };
  window.addEventListener('pointerdown', unlock, { once: true, capture: true });
  window.addEventListener('keydown', unlock, { once: true, capture: true });
  return () => {
    window.removeEventListener('pointerdown', unlock, { capture: true });
    window.removeEventListener('keydown', unlock, { capture: true });
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
