import { STORAGE_KEYS } from '../api/session';

/** Spec §3 UI state / §9: below 992 px the app is in mobile mode and the sidebar is a drawer. */
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 300;
export type SidebarStatus = 'open' | 'closed' | 'mobile';

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT;
}

export function readSidebarStatus(): SidebarStatus | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.sidebar);
    return value === 'open' || value === 'closed' || value === 'mobile' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeSidebarStatus(status: SidebarStatus) {
  try {
    localStorage.setItem(STORAGE_KEYS.sidebar, status);
  } catch {
    // not kept
  }
}

/** The status for a window width: mobile below the breakpoint, else the stored desktop choice (open by default). */
export function statusForWidth(width: number, previous: SidebarStatus | undefined): SidebarStatus {
  if (isMobileWidth(width)) return 'mobile';
  return previous === 'closed' ? 'closed' : 'open';
}
