import { describe, expect, it } from 'vitest';
import { SIDE_MENU, visibleItems } from './navigation.ts';

describe('side menu', () => {
  const routes = (organization?: string) =>
    visibleItems(SIDE_MENU, ['Administrator'], organization).map((item) => item.route);

  // A backup holds every clinic of the server: only the installation's own organization is offered it.
  it('offers Backups to the installation’s administrators only, never to a hosted clinic’s', () => {
    expect(routes('default')).toContain('backup');
    expect(routes('north')).not.toContain('backup');
    expect(routes(undefined)).not.toContain('backup');
    // Everything else an administrator holds is the same in both.
    expect(routes('north')).toEqual(routes('default').filter((route) => route !== 'backup'));
  });
});
