import { renderContext } from './render-context.ts';

let takenOverAt: number | undefined;

/**
 * "Now" as a page the server drew shows it: the time of its render. The server's render reads it, and so must the
 * browser's render that takes the page over (hydration), or a text drawn from the time ("waited 12 min") can differ
 * by the minute that ended in between; React then throws away that part of the page and draws it again, a second
 * paint of the whole screen (seen on /queue, about one load in three). After hydration a screen reads its own clock.
 */
export function pageDrawnAt(): number {
  return renderContext()?.drawnAt ?? takenOverAt ?? Date.now();
}

/** The time the page in this document was drawn at, as its data says (app/server-drawn.ts). */
export function takeOverPageDrawnAt(at: number | undefined): void {
  takenOverAt = at;
}
