import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client';

describe('saves while offline (issue 18)', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('run at once and fail, and are never sent later when the connection returns', async () => {
    onlineManager.setOnline(false);
    const send = vi.fn().mockRejectedValue(new Error('no_internet'));
    const observer = new MutationObserver(queryClient, { mutationFn: send });
    await expect(observer.mutate({ name: 'Room 9' })).rejects.toThrow('no_internet');
    expect(send).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().isPending).toBe(false);
    onlineManager.setOnline(true);
    await queryClient.resumePausedMutations();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
