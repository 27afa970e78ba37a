import { describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  clearTokens,
  getAccessToken,
  getRefreshToken,
  REFRESH_TOKEN_KEY,
  setTokens,
  subscribeTokens,
} from './token-store.ts';

describe('token store', () => {
  it('keeps the pair in localStorage under tasbiq.access and tasbiq.refresh', () => {
    expect(getAccessToken()).toBeNull();
    setTokens({ access: 'a1', refresh: 'r1' });
    expect(localStorage.getItem('tasbiq.access')).toBe('a1');
    expect(localStorage.getItem('tasbiq.refresh')).toBe('r1');
    expect(getAccessToken()).toBe('a1');
    expect(getRefreshToken()).toBe('r1');
    clearTokens();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('notifies subscribers on set and clear until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeTokens(listener);
    setTokens({ access: 'a', refresh: 'r' });
    expect(listener).toHaveBeenLastCalledWith({ access: 'a', refresh: 'r' });
    clearTokens();
    expect(listener).toHaveBeenLastCalledWith(null);
    unsubscribe();
    setTokens({ access: 'b', refresh: 'r' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('hears changes made in another tab through the storage event', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeTokens(listener);
    // Another tab logged in: storage already holds the pair, only the event reaches this tab.
    localStorage.setItem(ACCESS_TOKEN_KEY, 'other-tab');
    localStorage.setItem(REFRESH_TOKEN_KEY, 'other-refresh');
    window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY, newValue: 'other-tab' }));
    expect(listener).toHaveBeenLastCalledWith({ access: 'other-tab', refresh: 'other-refresh' });
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: 'x' }));
    expect(listener).toHaveBeenCalledTimes(1);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener).toHaveBeenLastCalledWith(null);
    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('behaves as logged out when storage throws', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(getAccessToken()).toBeNull();
    spy.mockRestore();
  });
});
