import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../src/routing/lazyScreen';

const inSuspense = (node: React.ReactNode) => <Suspense fallback={<p>loading</p>}>{node}</Suspense>;

describe('a screen loaded on its first render or ahead of it (lazyScreen)', () => {
  it('shows the fallback while its module is on its way, then the screen', async () => {
    const Screen = lazyScreen(async () => ({ default: ({ name }: { name: string }) => <p>Hello {name}</p> }));
    render(inSuspense(<Screen name="Anna" />));
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Anna')).toBeInTheDocument();
  });

  it('renders a module that has arrived in the same pass, without the fallback (no throttled reveal)', async () => {
    const Screen = lazyScreen(async () => ({ default: () => <p>Figures</p> }));
    await Screen.preload();
    render(inSuspense(<Screen />));
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('Figures')).toBeInTheDocument();
  });

  it('asks for its module once, and again after a failed download', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.ReactNode }>>()
      .mockRejectedValueOnce(new Error('Network failed'))
      .mockResolvedValue({ default: () => <p>Screen</p> });
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toThrow('Network failed');
    const first = Screen.preload();
    expect(Screen.preload()).toBe(first);
    await first;
    expect(load).toHaveBeenCalledTimes(2);
  });
});
