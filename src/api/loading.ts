/**
 * The loading overlay of spec §7: shown while a call with `showLoading` runs, closed 500 ms after the last
 * such call ends (so a chain of calls does not flicker).
 */
export const OVERLAY_CLOSE_DELAY_MS = 500;

let running = 0;
let visible = false;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<(visible: boolean) => void>();

function set(next: boolean) {
  if (visible === next) return;
  visible = next;
  for (const listener of [...listeners]) listener(visible);
}

export const loadingOverlay = {
  begin() {
    running += 1;
    if (closeTimer) {
      clearTimeout(closeTimer);
      closeTimer = undefined;
    }
    set(true);
  },
  end() {
    running = Math.max(0, running - 1);
    if (running > 0) return;
    if (closeTimer) clearTimeout(closeTimer);
    closeTimer = setTimeout(() => {
      closeTimer = undefined;
      if (running === 0) set(false);
    }, OVERLAY_CLOSE_DELAY_MS);
  },
  isVisible: () => visible,
  subscribe(listener: (visible: boolean) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** For tests. */
  reset() {
    running = 0;
    if (closeTimer) clearTimeout(closeTimer);
    closeTimer = undefined;
    visible = false;
  },
};
