import { describe, expect, it } from 'vitest';
import { useOfflineNetwork } from '../test/offline-network';
import { setOutboxUser } from './outbox';
import { flush, pendingEvents, track } from './tracker';

describe('the usage event queue', () => {
  const network = useOfflineNetwork();

  it('sends what was tracked offline once online, in camelCase', async () => {
    track('sorting', 'question_complete', { featureId: '3', score: 3, totalItems: 4, completionPercentage: 74.6 });
    await flush();
    expect(pendingEvents()).toBe(1);
    network.online = true;
    await flush();
    expect(network.sent).toEqual([
      {
        url: '/api/events',
        body: {
          events: [
            expect.objectContaining({
              featureType: 'sorting',
              actionType: 'question_complete',
              featureId: '3',
              score: 3,
              totalItems: 4,
              completionPercentage: 75,
              createdAt: expect.any(String),
            }),
          ],
        },
      },
    ]);
    expect(pendingEvents()).toBe(0);
  });

  // LEGACY-WIRE (decision 085): events the release before queued in snake_case keys are still sent (not dropped as
  // too old for want of a `createdAt`), in the new shape.
  it('replays events queued in the old snake_case keys', async () => {
    const createdAt = new Date(Date.now() - 60_000).toISOString();
    const old = {
      id: '0b8f3a52-6a57-4d55-9a51-2f8f7f3f6d01',
      feature_type: 'drag_drop',
      feature_id: '12',
      action_type: 'scenario_complete',
      duration_seconds: null,
      score: 5,
      total_items: 6,
      completion_percentage: 83,
      created_at: createdAt,
    };
    localStorage.setItem('usage_event_queue:u-upgraded', JSON.stringify([old]));
    setOutboxUser('u-upgraded'); // signing in sends what is queued: offline, it stays
    await flush();
    expect(pendingEvents()).toBe(1);
    network.online = true;
    await flush();
    expect(network.sent).toEqual([
      {
        url: '/api/events',
        body: {
          events: [
            {
              id: old.id,
              featureType: 'drag_drop',
              featureId: '12',
              actionType: 'scenario_complete',
              durationSeconds: null,
              score: 5,
              totalItems: 6,
              completionPercentage: 83,
              createdAt,
            },
          ],
        },
      },
    ]);
    expect(pendingEvents()).toBe(0);
  });
});
