import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMING } from '@shared/constants';
import { useStatus } from './use-status';

describe('useStatus', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a message for 3 s', () => {
    const { result } = renderHook(() => useStatus());
    act(() => result.current.show('success', 'Saved'));
    expect(result.current.status).toEqual({ tone: 'success', text: 'Saved' });
    act(() => {
      vi.advanceTimersByTime(TIMING.statusMessageMs - 1);
    });
    expect(result.current.status).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.status).toBeNull();
  });

  it('gives a new message its own 3 s, and keeps a sticky one', () => {
    const { result } = renderHook(() => useStatus());
    act(() => result.current.show('error', 'First'));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    act(() => result.current.show('info', 'Second'));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(result.current.status?.text).toBe('Second');
    act(() => result.current.show('success', 'Done', { sticky: true }));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current.status?.text).toBe('Done');
  });

  it('clears at once, and no earlier timer removes a later sticky message', () => {
    const { result } = renderHook(() => useStatus());
    act(() => result.current.show('info', 'Checking'));
    act(() => result.current.clear());
    expect(result.current.status).toBeNull();
    act(() => result.current.show('success', 'Active', { sticky: true }));
    act(() => {
      vi.advanceTimersByTime(TIMING.statusMessageMs);
    });
    expect(result.current.status?.text).toBe('Active');
  });
});
