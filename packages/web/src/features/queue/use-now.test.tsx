import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverPageDrawnAt } from '../../lib/page-clock.ts';
import { rendersFrom, type RenderContext } from '../../lib/render-context.ts';
import { useNow } from './use-now.ts';

/** A waiting time as the queue draws it: whole minutes since the patient arrived. */
const ARRIVED = Date.parse('2026-12-07T09:00:30Z');
function Waited() {
  const now = useNow(30_000);
  return <span>{Math.floor((now - ARRIVED) / 60_000)} min</span>;
}

// Drawn at 09:13:29.5 (12 minutes waited since 09:00:30); taken over a second later, 13 minutes after.
const DRAWN_AT = Date.parse('2026-12-07T09:13:29.500Z');
const TAKEN_OVER_AT = DRAWN_AT + 1_000;

/** The page as the server draws it, at `DRAWN_AT`, in a render context (entry-server.tsx) of its own. */
function drawnOnTheServer(): HTMLElement {
  rendersFrom(() => ({ drawnAt: DRAWN_AT }) as RenderContext);
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Waited />);
  rendersFrom(() => undefined);
  document.body.append(container);
  return container;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

async function takenOver(container: HTMLElement) {
  vi.spyOn(Date, 'now').mockReturnValue(TAKEN_OVER_AT);
  const drawnAgain = vi.fn();
  await act(async () => {
    root = hydrateRoot(container, <Waited />, { onRecoverableError: drawnAgain });
  });
  return drawnAgain;
}

describe('useNow on a page the server drew', () => {
  it('draws the time of the render on the server', () => {
    expect(drawnOnTheServer()).toHaveTextContent('12 min');
  });

  it("is taken over at the server's time, then shows the browser's: the page is not drawn again", async () => {
    const container = drawnOnTheServer();
    const text = container.firstChild;
    takeOverPageDrawnAt(DRAWN_AT);
    expect(await takenOver(container)).not.toHaveBeenCalled();
    expect(container.firstChild).toBe(text);
    expect(container).toHaveTextContent('13 min');
  });

  it("taken over at the browser's own time, the minute that ended in between makes React draw it again", async () => {
    // The control: what the page's clock prevents (no time taken from the page).
    takeOverPageDrawnAt(undefined);
    const drawnAgain = await takenOver(drawnOnTheServer());
    expect(drawnAgain).toHaveBeenCalled();
  });
});
