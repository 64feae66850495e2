import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's AudioContext: counts the contexts made and the resumes asked for. */
class FakeAudioContext {
  static made = 0;
  static resumes = 0;
  state: 'suspended' | 'running' = 'suspended';
  constructor() {
    FakeAudioContext.made++;
  }
  resume() {
    FakeAudioContext.resumes++;
    this.state = 'running';
    return Promise.resolve();
  }
}

// The module keeps one context for the page: each test takes a fresh copy of it.
const freshModule = async () => {
  vi.resetModules();
  return import('./bell-sound.ts');
};
const press = (type: 'keydown' | 'pointerdown') => window.dispatchEvent(new Event(type));

describe('prepareAudioWhenQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    FakeAudioContext.made = 0;
    FakeAudioContext.resumes = 0;
    vi.stubGlobal('AudioContext', FakeAudioContext);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('makes the context at the first quiet moment, and a gesture then only resumes it', async () => {
    const { prepareAudioWhenQuiet } = await freshModule();
    const stop = prepareAudioWhenQuiet();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeAudioContext.made).toBe(1);
    press('pointerdown');
    expect(FakeAudioContext.made).toBe(1);
    expect(FakeAudioContext.resumes).toBe(1);
    stop();
  });

  // The first context of a browser took 210–280 ms in Chromium: made in the key's handler, it stalled the typing.
  it('does not make it while the person types, only once they have paused for QUIET_MS', async () => {
    const { prepareAudioWhenQuiet, QUIET_MS } = await freshModule();
    const stop = prepareAudioWhenQuiet();
    for (let key = 0; key < 10; key++) {
      press('keydown');
      await vi.advanceTimersByTimeAsync(120);
      expect(FakeAudioContext.made).toBe(0);
    }
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(FakeAudioContext.made).toBe(1);
    press('keydown');
    expect(FakeAudioContext.resumes).toBe(1);
    stop();
  });

  it('makes nothing and listens to nothing once the bell is gone', async () => {
    const { prepareAudioWhenQuiet, QUIET_MS } = await freshModule();
    prepareAudioWhenQuiet()();
    await vi.advanceTimersByTimeAsync(QUIET_MS * 2);
    press('keydown');
    expect(FakeAudioContext.made).toBe(0);
    expect(FakeAudioContext.resumes).toBe(0);
  });
});
