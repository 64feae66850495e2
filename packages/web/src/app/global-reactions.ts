import { notifications } from '@mantine/notifications';
import type { i18n as I18n } from 'i18next';
import type { Me } from '@basira/shared/auth/auth.schemas';
import { setGlobalReactionHandler } from '../lib/api-reactions.ts';
import { outage } from '../lib/outage.ts';
import { endLocalSession, ME_KEY } from '../lib/session-local.ts';
import { getConnectionString, getStoredUser, setStoredUser } from '../lib/storage.ts';
import { SESSION_EXPIRED_TOAST_MS } from '../lib/toasts.ts';
import { reloadPage } from '../lib/unsaved-input.ts';

interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
}

let expiring = false;

/**
 * 401: the warning toast for 2.5 s, then logout and /login. Also used when the idle timer sees the session
 * gone. Repeated 401s of parallel calls show one toast.
 */
export function expireSession(router: Navigator, i18n: I18n): void {
  if (expiring) return;
  expiring = true;
  notifications.show({
    id: 'session-expired',
    color: 'yellow',
    title: i18n.t('session.expiredTitle'),
    message: i18n.t('errors.sessionExpired'),
    autoClose: SESSION_EXPIRED_TOAST_MS,
  });
  window.setTimeout(() => {
    endLocalSession();
    expiring = false;
    void router.navigate('/login', { replace: true });
  }, SESSION_EXPIRED_TOAST_MS);
}

/** Wires the API client's global reactions (error catalogue, spec section 8) to toasts and navigation. */
export function installGlobalReactions(router: Navigator, i18n: I18n): void {
  const serverDown = () =>
    notifications.show({
      id: 'server-down',
      color: 'red',
      title: i18n.t('errors.serverDown'),
      message: i18n.t('errors.serverTried', { url: getConnectionString() }),
    });

  setGlobalReactionHandler((reaction, error) => {
    switch (reaction) {
      case 'serverDown':
        serverDown();
        outage.report('server');
        return;
      case 'databaseDown':
        outage.report('database');
        return;
      case 'serverDownLogout':
        serverDown();
        endLocalSession();
        void router.navigate('/login', { replace: true });
        return;
      case 'sessionExpired':
        expireSession(router, i18n);
        return;
      case 'passwordChange': {
        const user = getStoredUser();
        if (user) {
          const changed: Me = { ...user, mustChangePassword: true };
          setStoredUser(changed);
          void import('../lib/query-client.ts').then(({ queryClient }) =>
            queryClient.setQueryData(ME_KEY, changed),
          );
        }
        void router.navigate('/login');
        return;
      }
      case 'reload':
        console.error('API answered an error that is not an object; reloading', error);
        reloadPage();
        return;
      case 'keepInput':
        notifications.show({ color: 'red', message: i18n.t('errors.notAnObjectKept') });
        return;
    }
  });
}
