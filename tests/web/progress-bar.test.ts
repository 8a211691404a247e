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

it('never asks the browser for the element’s animations, which brings the whole page’s styles up to date first', () => {
  const animations: { cancel: ReturnType<typeof vi.fn> }[] = [];
  HTMLElement.prototype.animate = vi.fn(() => {
    const animation = { cancel: vi.fn() };
    animations.push(animation);
    return animation as unknown as Animation;
  });
  const getAnimations = vi.fn(() => []);
  HTMLElement.prototype.getAnimations = getAnimations;
  try {
    startProgress();
    finishProgress();
    // A page that starts loading while the bar still fades out: the fade stops, the bar grows again.
    startProgress();
    expect(animations).toHaveLength(3);
    expect(animations[0]!.cancel).toHaveBeenCalled();
    expect(animations[1]!.cancel).toHaveBeenCalled();
    expect(animations[2]!.cancel).not.toHaveBeenCalled();
    expect(getAnimations).not.toHaveBeenCalled();
  } finally {
    finishProgress();
    delete (HTMLElement.prototype as Partial<HTMLElement>).animate;
    delete (HTMLElement.prototype as Partial<HTMLElement>).getAnimations;
  }
});
