import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { readSidebarStatus, statusForWidth, writeSidebarStatus, type SidebarStatus } from './sidebarState';

interface SidebarState {
  status: SidebarStatus;
  isMobile: boolean;
  drawerOpen: boolean;
  toggle: () => void;
  closeDrawer: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function SidebarProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SidebarStatus>(() => statusForWidth(window.innerWidth, readSidebarStatus()));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const desktopChoice = useRef<SidebarStatus | undefined>(readSidebarStatus() === 'closed' ? 'closed' : 'open');

  useEffect(() => {
    const onResize = () => {
      const next = statusForWidth(window.innerWidth, desktopChoice.current);
      setStatus(next);
      // The drawer exists only on a phone-wide window: leaving that width closes it.
      if (next !== 'mobile') setDrawerOpen(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    writeSidebarStatus(status);
  }, [status]);

  const toggle = useCallback(() => {
    if (status === 'mobile') setDrawerOpen((open) => !open);
    else {
      const next: SidebarStatus = status === 'open' ? 'closed' : 'open';
      desktopChoice.current = next;
      setStatus(next);
    }
  }, [status]);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  const value = useMemo(
    () => ({ status, isMobile: status === 'mobile', drawerOpen, toggle, closeDrawer }),
    [status, drawerOpen, toggle, closeDrawer],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar outside SidebarProvider');
  return state;
}
