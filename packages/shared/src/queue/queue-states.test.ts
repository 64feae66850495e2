import { describe, expect, it } from 'vitest';
import { canMove, illegalMoveMessage, QUEUE_ACTIONS, queueStatus, TRANSITIONS } from './queue-states.ts';

describe('queue state machine', () => {
  it('allows exactly the issue’s moves', () => {
    const allowed = QUEUE_ACTIONS.flatMap((action) =>
      ([1, 2, 3, 4] as const).filter((from) => canMove(action, from)).map((from) => `${action}:${from}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'open:1',
        'finish:2',
        'cancel:1',
        'cancel:2',
        'wait:3',
        'wait:4',
        'rewait:1',
        'rewait:2',
        'rewait:3',
      ].sort(),
    );
    expect(TRANSITIONS.rewait.to).toBe(1);
  });

  it('names both states when refusing', () => {
    expect(illegalMoveMessage('finish', 1)).toBe('Cannot move a queue entry from Waiting to Finished.');
    expect(illegalMoveMessage('open', 2)).toContain('already WithDoctor');
    expect(illegalMoveMessage('rewait', 4)).toBe(
      'Cannot move a queue entry from Canceled to Waiting (re-waiting).',
    );
  });

  it('answers statuses as {id, name, color}', () => {
    expect(queueStatus(3)).toEqual({
      id: 3,
      name: 'Finished',
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
  });
});
