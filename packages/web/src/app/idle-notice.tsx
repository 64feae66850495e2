import { useEffect, useRef } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation.ts';
import { getLastActivity, markActivity } from '../lib/activity.ts';
import { fetchMe } from '../lib/session.ts';
import { ME_KEY } from '../lib/session-local.ts';

const NOTICE_ID = 'idle-notice';
const CHECK_EVERY_MS = 10_000;
const LEAD_MS = 5 * 60_000;

/** When the notice shows: five minutes before the idle expiry (half the idle time when that is shorter). */
export function noticeLeadMs(idleMinutes: number): number {
  return Math.min(LEAD_MS, (idleMinutes * 60_000) / 2);
}

/** Where the session stands: fine, near its idle expiry (notice), or past it. */
export function idleState(
  idleMinutes: number,
  lastActivity: number,
  now: number,
): 'active' | 'warn' | 'expired' {
  const remaining = lastActivity + idleMinutes * 60_000 - now;
  if (remaining <= 0) return 'expired';
  return remaining <= noticeLeadMs(idleMinutes) ? 'warn' : 'active';
}

/**
 * Before the server ends an idle session, a notice offers to stay signed in, so a doctor never loses a
 * half-filled form. Staying is one ordinary call (it counts as activity); past the expiry a background call
 * lets the server decide (a 401 starts the session-expired flow).
 */
export function IdleNotice({ idleMinutes }: { idleMinutes: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const shown = useRef(false);

  useEffect(() => {
    const stay = () => {
      void fetchMe().then((me) => queryClient.setQueryData(ME_KEY, me));
      notifications.hide(NOTICE_ID);
      shown.current = false;
    };
    const check = () => {
      const state = idleState(idleMinutes, getLastActivity(), Date.now());
      if (state === 'warn' && !shown.current) {
        shown.current = true;
        notifications.show({
          id: NOTICE_ID,
          color: 'yellow',
          autoClose: false,
          withCloseButton: false,
          title: t('session.idleTitle'),
          message: (
            <Group justify="space-between" gap="xs" data-testid="idle-notice">
              <Text size="sm">
                {t('session.idleMessage', { minutes: Math.round(noticeLeadMs(idleMinutes) / 60_000) })}
              </Text>
              <Button size="xs" onClick={stay}>
                {t('session.staySignedIn')}
              </Button>
            </Group>
          ),
        });
      } else if (state !== 'warn' && shown.current) {
        notifications.hide(NOTICE_ID);
        shown.current = false;
      }
      // The server decides: a 401 starts the session-expired flow; an answer means another tab kept it alive.
      if (state === 'expired')
        void fetchMe({ background: true }).then(
          () => markActivity(),
          () => undefined,
        );
    };
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      notifications.hide(NOTICE_ID);
    };
  }, [idleMinutes, queryClient, t]);

  return null;
}
