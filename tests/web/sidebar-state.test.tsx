import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SidebarProvider, useSidebar } from '../../src/layout/SidebarContext';

function Probe() {
  const { status, drawerOpen, toggle } = useSidebar();
  return (
    <button type="button" onClick={toggle}>
      {status}/{drawerOpen ? 'drawer' : 'no-drawer'}
    </button>
  );
}

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

const desktopWidth = window.innerWidth;

describe('sidebar state follows the window width', () => {
  afterEach(() => resizeTo(desktopWidth));

  it('closes the phone drawer when the window grows to desktop width, and does not reopen it on shrinking', () => {
    resizeTo(500);
    render(
      <SidebarProvider>
        <Probe />
      </SidebarProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('mobile/no-drawer');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('mobile/drawer');

    resizeTo(1280);
    expect(screen.getByRole('button')).toHaveTextContent('open/no-drawer');
    expect(localStorage.getItem('sidebarStatue')).toBe('open');

    resizeTo(500);
    expect(screen.getByRole('button')).toHaveTextContent('mobile/no-drawer');
  });
});
