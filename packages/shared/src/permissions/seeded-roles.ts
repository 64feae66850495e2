/**
 * The roles the product itself creates, by the names it stores: every clinic's `Administrator`
 * (organizations.service) and the demo clinic's desks (demo.ts). The screens show these in the user's language
 * (`roleNames.*` in the locales); a role a clinic named itself, or renamed, is shown as it was named.
 */
export const SEEDED_ROLE_NAMES = ['Administrator', 'Reception', 'Optometrist', 'Doctor'] as const;
export type SeededRoleName = (typeof SEEDED_ROLE_NAMES)[number];

export function isSeededRoleName(name: string): name is SeededRoleName {
  return (SEEDED_ROLE_NAMES as readonly string[]).includes(name);
}
