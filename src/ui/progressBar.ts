/**
 * The thin progress bar at the top of the page while a route loads (spec §2: a bar, no spinner).
 * It replaces nprogress, which forced a synchronous layout of the whole page on each of its steps (it reads
 * `offsetWidth` to restart its transition): during a cold load that was tens of milliseconds of blocked main
 * thread per step. Here the bar is one fixed element animated with the Web Animations API on `transform` and
 * `opacity` only, which the compositor runs without layout.
 */
const GROW: Keyframe[] = [{ transform: 'scaleX(0.15)' }, { transform: 'scaleX(0.9)' }];
const FINISH: Keyframe[] = [
  { transform: 'scaleX(1)', opacity: 1 },
  { transform: 'scaleX(1)', opacity: 0 },
];

let bar: HTMLDivElement | null = null;
let growing: Animation | null = null;
let finishing: Animation | null = null;

function element(): HTMLDivElement {
  if (!bar) {
    bar = document.createElement('div');
    bar.className = 'route-progress';
    bar.setAttribute('aria-hidden', 'true');
    document.body.appendChild(bar);
  }
  return bar;
}

/** Whether the bar is showing (for tests and for callers that must not start it twice). */
export function isProgressShowing(): boolean {
  return bar?.dataset.state === 'loading';
}

export function startProgress(): void {
  const el = element();
  if (el.dataset.state === 'loading') return;
  el.dataset.state = 'loading';
  // Its own animations, not el.getAnimations(): that call brings the whole page's styles up to date first, a
  // forced style recalculation of 15-40 ms on a slow machine each time a page starts loading.
  finishing?.cancel();
  finishing = null;
  // Slows down as it goes and never reaches the end by itself: the page decides when it is done.
  growing = el.animate?.(GROW, { duration: 8000, easing: 'cubic-bezier(0.05, 0.7, 0.1, 1)', fill: 'forwards' }) ?? null;
}

export function finishProgress(): void {
  if (!bar || bar.dataset.state !== 'loading') return;
  bar.dataset.state = 'done';
  growing?.cancel();
  growing = null;
  finishing = bar.animate?.(FINISH, { duration: 350, easing: 'ease-out', fill: 'forwards' }) ?? null;
}
