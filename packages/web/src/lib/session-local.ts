import type { Me } from '@basira/shared/auth/auth.schemas';
import { holdsAny, type PermissionName } from '@basira/shared/permissions/permissions';
import { hasScreen, pathTo } from './routes.ts';
import { clearSession } from './storage.ts';

/** The query-cache key of GET /api/me. */
export const ME_KEY = ['me'] as const;

/** Spec section 6, yes/no: false when the list is empty; `Administrator` passes everything. */
export function can(permissions: readonly string[] | undefined, permission: PermissionName): boolean {
  return holdsAny(permissions ?? [], permission);
}

/** Spec section 6, any-of, case-insensitive. */
export function canAny(
  permissions: readonly string[] | undefined,
  wanted: readonly PermissionName[],
): boolean {
  return holdsAny(permissions ?? [], wanted);
}

/** After sign-in: /dashboard when that screen exists and the user holds `dashboard`, else /user/portal. */
export function landingPath(me: Pick<Me, 'permissions'> | null | undefined): string {
  if (hasScreen('dashboard') && can(me?.permissions, 'dashboard')) return pathTo('dashboard');
  return pathTo('userPortal');
}

const endHooks = new Set<() => void>();

/** Runs at every local logout (the query cache registers itself here when it is loaded). */
export function onLocalSessionEnd(hook: () => void): () => void {
  endHooks.add(hook);
  return () => void endHooks.delete(hook);
}

/** Logout on this browser (spec section 4): token, user and isAuthenticated go, and every cached answer. */
export function endLocalSession(): void {
  clearSession();
  for (const hook of endHooks) hook();
}
