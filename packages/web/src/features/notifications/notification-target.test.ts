import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '@basira/shared/notifications/notifications.schemas';
import { notificationLink, targetOf, typeKeyOf } from './notification-target.ts';

describe('notification targets (spec section 4)', () => {
  it('send bug to allBugs, Feedback to allSupport, and everything else to activeIndex', () => {
    expect(targetOf('bug')).toBe('allBugs');
    expect(targetOf('Feedback')).toBe('allSupport');
    expect(targetOf('active request')).toBe('activeIndex');
    expect(targetOf('feature request')).toBe('activeIndex');
    expect(targetOf('reminder failed')).toBe('activeIndex');
    expect(targetOf('something new')).toBe('activeIndex');
  });

  it('carry the notification id as the route parameter', () => {
    expect(notificationLink({ id: 12, type: 'bug' })).toBe('/support/bugs/12');
    expect(notificationLink({ id: 3, type: 'Feedback' })).toBe('/support/all/3');
    expect(notificationLink({ id: 4, type: 'active request' })).toBe('/support/active/4');
  });

  it('name every known type', () => {
    for (const type of NOTIFICATION_TYPES) expect(typeKeyOf(type), type).toBeDefined();
    expect(typeKeyOf('something new')).toBeUndefined();
  });
});
