import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { isApiError } from './api-error.ts';
import { errorMessage, loadReaction } from './error-catalogue.ts';
import { toastError } from './toasts.ts';
import { useTranslator } from './use-translator.ts';

/** Goes one step back, or to `fallback` when this page was opened directly. */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    const state = window.history.state as { idx?: number } | null;
    if (typeof state?.idx === 'number' && state.idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}

/**
 * A screen's data failed to load (spec section 8): 404 is logged and the user is taken back; 403 goes to
 * /unauthorized; anything else is shown. Failures the client already reacted to (401, server down) are left.
 */
export function useLoadFailure(error: unknown, fallback: string): void {
  const { t } = useTranslation();
  const translate = useTranslator();
  const navigate = useNavigate();
  const back = useGoBack(fallback);
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && error.handled) return;
    if (!isApiError(error)) {
      toastError(t('errors.loadFailed'), errorMessage(translate, error));
      return;
    }
    switch (loadReaction(error)) {
      case 'back':
        console.warn('Not found:', error.method, error.path);
        back();
        return;
      case 'unauthorized':
        void navigate('/unauthorized', { replace: true });
        return;
      case 'message':
        toastError(t('errors.loadFailed'), errorMessage(translate, error));
    }
    // Once per failure: the other values are stable enough and must not re-trigger the reaction.
  }, [error]);
}
