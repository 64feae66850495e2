import { notifications } from '@mantine/notifications';

/** Spec section 8/9: success toasts last 1.5 s everywhere; the session-expired warning 2.5 s. */
export const SUCCESS_TOAST_MS = 1_500;
export const SESSION_EXPIRED_TOAST_MS = 2_500;

export function toastSuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message, autoClose: SUCCESS_TOAST_MS });
}

export function toastError(title: string, message?: string): void {
  notifications.show({ color: 'red', title, message: message ?? '', autoClose: 6_000 });
}

export function toastWarning(message: string, title?: string): void {
  notifications.show({ color: 'yellow', title, message, autoClose: 4_000 });
}
