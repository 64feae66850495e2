import { useEffect, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { useBlocker, type BlockerFunction } from 'react-router';
import { pathTo } from '../lib/routes.ts';
import { hasUnsavedInput } from '../lib/unsaved-input.ts';

/**
 * Which route changes ask first: only one that leaves the page (its pathname changes) while a form holds unsaved
 * input. A search-param change (a list's page, a filter) keeps the page and its forms; /login is where the app
 * itself sends a session that has ended (sign-out, expiry, a forced logout, a password to change), and a session
 * that is gone cannot be stayed in.
 */
export const asksBeforeLeaving: BlockerFunction = ({ currentLocation, nextLocation }) =>
  nextLocation.pathname !== currentLocation.pathname &&
  nextLocation.pathname !== pathTo('login') &&
  hasUnsavedInput();

/** The browser's own question when the tab is closed or reloaded with unsaved input. */
function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (!hasUnsavedInput()) return;
  event.preventDefault();
  // Older Chromium and Safari ask only when returnValue is set; the text itself is the browser's own.
  event.returnValue = '';
}

/**
 * The unsaved-work guard, mounted once in the main layout: closing or reloading the tab asks the browser's
 * confirmation, and a route change to another page asks in the app (Stay / Leave) while any form registered
 * through lib/unsaved-input.ts holds input not yet saved.
 */
export function UnsavedGuard() {
  const { t } = useTranslation();
  const blocker = useBlocker(asksBeforeLeaving);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  useEffect(() => {
    if (blocker.state !== 'blocked') {
      setAsking(false);
      return;
    }
    // A form drops its registration in an effect, after the render that made it clean: a form that saves and
    // then navigates at once (or closes itself and navigates) was still registered when the router asked.
    // Effects run after every cleanup of the same commit, so here it has gone: the move was no loss, let it go.
    if (hasUnsavedInput()) setAsking(true);
    else blocker.proceed();
  }, [blocker]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      opened={asking}
      onClose={() => blocker.reset()}
      title={t('layout.leave.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="unsaved-leave"
    >
      <Text size="sm">{t('layout.leave.text')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset()} data-autofocus data-testid="unsaved-stay">
          {t('layout.leave.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed()} data-testid="unsaved-leave-go">
          {t('layout.leave.go')}
        </Button>
      </Group>
    </Modal>
  );
}
