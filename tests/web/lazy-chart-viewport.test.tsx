import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Line } from '../../src/features/monitoring/shared/charts/LazyChart';

/** An IntersectionObserver that never reports an entry: the chart stays out of sight, below the fold. */
const margins: (string | undefined)[] = [];
beforeEach(() => {
  margins.length = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(_callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        margins.push(options?.rootMargin);
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

it('draws a chart only once it enters the viewport, not ahead of it: out of sight it is a skeleton of its height', () => {
  render(<Line data={[{ x: 1, y: 2 }]} xField="x" yField="y" height={320} />);
  const skeleton = screen.getByTestId('chart-skeleton');
  expect(skeleton.style.height).toBe('320px');
  expect(skeleton.getAttribute('aria-busy')).toBe('true');
  // No look-ahead below the viewport: G2's drawing of a chart out of sight would block the page while it loads.
  expect(margins).toEqual(['0px 0px 0px 0px']);
});
