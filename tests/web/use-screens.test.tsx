import { render } from '@testing-library/react';
import type { ScreenMap } from 'antd/es/_util/responsiveObserver';
import { afterEach, describe, expect, it } from 'vitest';
import { useScreens } from '../../src/ui/useScreens';

/**
 * The layout and the lists know the window's breakpoints in their first render. antd's
 * Grid.useBreakpoint answers {} first and renders its component again from a layout effect, which for the
 * layout was a second render of the whole page in the first one's task.
 */
const desktopWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = desktopWidth;
});

function renderedScreens(width: number): ScreenMap[] {
  window.innerWidth = width;
  const renders: ScreenMap[] = [];
  function Probe() {
    renders.push(useScreens());
    return null;
  }
  render(<Probe />);
  return renders;
}

describe('useScreens', () => {
  it('answers a phone’s breakpoints in the one and only render', () => {
    expect(renderedScreens(375)).toEqual([{ xs: true, sm: false, md: false, lg: false, xl: false, xxl: false }]);
  });

  it('answers a 1366 px screen’s breakpoints in the one and only render', () => {
    expect(renderedScreens(1366)).toEqual([{ xs: false, sm: true, md: true, lg: true, xl: true, xxl: false }]);
  });

  it('keeps the same answer while no breakpoint changes, so that its users are not rendered again', () => {
    const seen: ScreenMap[] = [];
    function Probe() {
      seen.push(useScreens());
      return null;
    }
    window.innerWidth = 1300;
    const { rerender } = render(<Probe />);
    window.innerWidth = 1310;
    rerender(<Probe />);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
  });
});
