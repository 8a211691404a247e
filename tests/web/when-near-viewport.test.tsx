import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { WhenNearViewport } from '../../src/ui/WhenNearViewport';

/** An IntersectionObserver whose entries the test sends, remembering the margin each observer was made with. */
const observers: { callback: IntersectionObserverCallback; margin?: string; targets: Element[] }[] = [];
beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, margin: options?.rootMargin, targets: [] };
        observers.push(this.record);
      }
      observe(target: Element) {
        this.record.targets.push(target);
      }
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function enterViewport() {
  for (const { callback, targets } of observers) {
    callback(
      targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    );
  }
}

it('holds a card of its height until the user scrolls within 400 px of it, then renders it and keeps it', () => {
  render(
    <WhenNearViewport height={480}>
      <p>income figures</p>
    </WhenNearViewport>,
  );
  expect(screen.queryByText('income figures')).toBeNull();
  const placeholder = document.querySelector<HTMLElement>('[aria-busy]')!;
  expect(placeholder.style.minHeight).toBe('480px');
  expect(observers.at(-1)!.margin).toBe('0px 0px 400px 0px');

  act(enterViewport);
  expect(screen.getByText('income figures')).toBeTruthy();
  expect(document.querySelector('[aria-busy]')).toBeNull();
});
