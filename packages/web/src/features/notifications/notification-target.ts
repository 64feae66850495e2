import { pathTo } from '../../lib/routes.ts';

export type NotificationTarget = 'allBugs' | 'allSupport' | 'activeIndex';

/** Spec section 4: bug goes to allBugs; Feedback to allSupport; active request, feature request and any other type to activeIndex. */
export function targetOf(type: string): NotificationTarget {
  if (type === 'bug') return 'allBugs';
  if (type === 'Feedback') return 'allSupport';
  return 'activeIndex';
}

/** The target's address, with the notification's id as its route parameter (spec section 4). */
export function notificationLink(notification: { id: number; type: string }): string {
  return pathTo(targetOf(notification.type), { notificationId: notification.id });
}

/** What the target screen is told beside the address: the record the notification is about. */
export interface NotificationLinkState {
  targetId: number | null;
}

const TYPE_KEYS: Record<string, string> = {
  bug: 'bug',
  Feedback: 'feedback',
  'feature request': 'featureRequest',
  'active request': 'activeRequest',
  'reminder failed': 'reminderFailed',
  'recall due': 'recallDue',
};

/** The locale key of a type's name; a type this version does not know is shown as the server wrote it. */
export const typeKeyOf = (type: string): string | undefined => TYPE_KEYS[type];
