import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { usePrefersReducedMotion } from '../../src/ui/useReducedMotion';

/** A media query list for the reduced-motion setting whose value the test changes, as the OS setting would. */
function stubReducedMotionSetting(initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && matches;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    change(to: boolean) {
      matches = to;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}
afterEach(() => vi.unstubAllGlobals());

it('says whether the user asked for less motion, and follows a change of the setting while the page is open', () => {
  const setting = stubReducedMotionSetting(false);
  const { result, unmount } = renderHook(() => usePrefersReducedMotion());
  expect(result.current).toBe(false);
  act(() => setting.change(true));
  expect(result.current).toBe(true);
  act(() => setting.change(false));
  expect(result.current).toBe(false);
  unmount();
  expect(setting.listeners.size).toBe(0);
});

it('is on from the first render for a user whose system already asks for it', () => {
  stubReducedMotionSetting(true);
  const { result } = renderHook(() => usePrefersReducedMotion());
  expect(result.current).toBe(true);
});
