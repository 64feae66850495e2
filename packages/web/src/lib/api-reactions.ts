import type { ApiError } from './api-error.ts';
import type { GlobalReaction } from './error-catalogue.ts';

/**
 * The app's reaction to failures that are not the screen's business (toasts, logout, reload). Kept apart
 * from the API client so the entry chunk can register it without loading the client (and zod) itself.
 */
export type GlobalReactionHandler = (reaction: Exclude<GlobalReaction, null>, error: ApiError) => void;

let reactionHandler: GlobalReactionHandler | undefined;

export function setGlobalReactionHandler(handler: GlobalReactionHandler | undefined): void {
  reactionHandler = handler;
}

export function getGlobalReactionHandler(): GlobalReactionHandler | undefined {
  return reactionHandler;
}
