import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../src/routing/lazyScreen';

const Screen = ({ label = 'figures' }: { label?: string }) => <p>{label}</p>;

function renderInSuspense(node: React.ReactNode) {
  return render(<Suspense fallback={<p>loading</p>}>{node}</Suspense>);
}

describe('lazyScreen', () => {
  it('renders a screen fetched ahead in the same pass: no fallback is shown', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Screen }));
    const Lazy = lazyScreen(load);
    await Lazy.preload();
    renderInSuspense(<Lazy label="ready at once" />);
    expect(screen.getByText('ready at once')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback while a screen not fetched ahead loads, and downloads it once for preload and render', async () => {
    let arrive: (module: { default: typeof Screen }) => void = () => {};
    const load = vi.fn(() => new Promise<{ default: typeof Screen }>((resolve) => (arrive = resolve)));
    const Lazy = lazyScreen(load);
    void Lazy.preload();
    renderInSuspense(<Lazy />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => arrive({ default: Screen }));
    expect(await screen.findByText('figures')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again on the next preload', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce({ default: Screen });
    const Lazy = lazyScreen(load);
    await expect(Lazy.preload()).rejects.toThrow('chunk failed');
    await expect(Lazy.preload()).resolves.toEqual({ default: Screen });
    renderInSuspense(<Lazy />);
    expect(screen.getByText('figures')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
