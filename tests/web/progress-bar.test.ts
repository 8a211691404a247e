import { afterEach, expect, it, vi } from 'vitest';
import { finishProgress, isProgressShowing, startProgress } from '../../src/ui/progressBar';

afterEach(() => finishProgress());

it('shows one bar at the top while loading and hides it when done', () => {
  expect(isProgressShowing()).toBe(false);
  startProgress();
  startProgress();
  expect(isProgressShowing()).toBe(true);
  const bars = document.querySelectorAll('.route-progress');
  expect(bars).toHaveLength(1);
  // never announced: the page's own loading states are
  expect(bars[0]!.getAttribute('aria-hidden')).toBe('true');
  finishProgress();
  expect(isProgressShowing()).toBe(false);
});

it('animates only transform and opacity, never reading layout', () => {
  const animate = vi.fn(() => ({ cancel: vi.fn() }) as unknown as Animation);
  const layoutReads = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get');
  HTMLElement.prototype.animate = animate;
  try {
    startProgress();
    finishProgress();
    const keyframes = (animate.mock.calls as unknown as [Keyframe[]][]).flatMap(([frames]) => frames);
    expect(keyframes.length).toBeGreaterThan(0);
    for (const frame of keyframes) expect(Object.keys(frame).every((key) => key === 'transform' || key === 'opacity')).toBe(true);
    expect(layoutReads).not.toHaveBeenCalled();
  } finally {
    delete (HTMLElement.prototype as Partial<HTMLElement>).animate;
    layoutReads.mockRestore();
  }
});
