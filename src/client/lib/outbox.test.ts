import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { createOutbox, setOutboxUser } from './outbox';

describe('outbox', () => {
  beforeEach(() => {
    localStorage.clear();
    setOutboxUser('u1');
  });

  it('keeps items across a failed send and delivers them later, in order', async () => {
    const sent: number[][] = [];
    let online = false;
    const box = createOutbox<number>({
      storageKey: 'q',
      batchSize: 2,
      send: async (batch) => {
        if (!online) throw new ApiError(0, 'NETWORK', 'offline');
        sent.push(batch);
      },
    });
    box.add(1);
    box.add(2);
    box.add(3);
    await box.flush();
    expect(box.pending()).toBe(3);
    expect(JSON.parse(localStorage.getItem('q:u1')!)).toEqual([1, 2, 3]);
    online = true;
    await box.flush();
    expect(sent).toEqual([[1, 2], [3]]);
    expect(box.pending()).toBe(0);
  });

  it('drops a batch the server refuses so it cannot block the queue', async () => {
    const send = vi.fn(async (batch: string[]) => {
      if (batch.includes('bad')) throw new ApiError(400, 'VALIDATION_FAILED', 'bad item');
    });
    const box = createOutbox<string>({ storageKey: 'q2', batchSize: 1, send });
    box.add('bad');
    box.add('good');
    await box.flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(box.pending()).toBe(0);
  });

  it('keeps each user’s queue apart and queues nothing signed out', async () => {
    const sent: string[] = [];
    const box = createOutbox<string>({ storageKey: 'q4', batchSize: 10, send: async (b) => void sent.push(...b) });
    setOutboxUser(null);
    box.add('anonymous');
    expect(box.pending()).toBe(0);
    setOutboxUser('u1');
    box.add('from-u1');
    setOutboxUser('u2');
    await box.flush();
    expect(sent).toEqual([]);
    expect(localStorage.getItem('q4:u1')).toContain('from-u1');
    setOutboxUser('u1');
    await box.flush();
    expect(sent).toEqual(['from-u1']);
  });

  it('keeps only the latest item per key', async () => {
    const box = createOutbox<{ id: number; v: string }>({
      storageKey: 'q3',
      batchSize: 10,
      keyOf: (i) => String(i.id),
      send: async () => undefined,
    });
    box.add({ id: 1, v: 'a' });
    box.add({ id: 2, v: 'b' });
    box.add({ id: 1, v: 'c' });
    expect(box.peek(10)).toEqual([
      { id: 2, v: 'b' },
      { id: 1, v: 'c' },
    ]);
  });
});
