import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFocusAfterPaint } from './use-focus-after-paint.ts';

let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  frames = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => void (frames[handle - 1] = () => undefined));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The browser's next frame, then the task after its paint. */
const paint = () =>
  act(() => {
    for (const frame of frames.splice(0)) frame(0);
    vi.runAllTimers();
  });

function Search({ when = true }: { when?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useFocusAfterPaint(ref, when);
  return <input ref={ref} aria-label="search" />;
}

describe('useFocusAfterPaint', () => {
  it('focuses the field after the next paint, not in the commit', () => {
    const { getByLabelText } = render(<Search />);
    expect(document.activeElement).toBe(document.body);
    act(() => frames.splice(0).forEach((frame) => frame(0)));
    expect(document.activeElement).toBe(document.body);
    paint();
    expect(document.activeElement).toBe(getByLabelText('search'));
  });

  it('leaves the focus where the person already types', () => {
    const other = document.body.appendChild(document.createElement('textarea'));
    other.focus();
    render(<Search />);
    paint();
    expect(document.activeElement).toBe(other);
    other.remove();
  });

  it('focuses when the field is shown, and not once the screen is gone', () => {
    const { getByLabelText, rerender, unmount } = render(<Search when={false} />);
    paint();
    expect(document.activeElement).toBe(document.body);
    rerender(<Search when />);
    paint();
    expect(document.activeElement).toBe(getByLabelText('search'));
    getByLabelText('search').blur();
    rerender(<Search when={false} />);
    rerender(<Search when />);
    unmount();
    paint();
    expect(document.activeElement).toBe(document.body);
  });
});
