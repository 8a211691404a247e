import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useDrawnAfterFirstPaint } from '../../src/ui/useDrawnAfterFirstPaint';

/** Records each value it committed: what reached the screen, not every render React tried. */
function Probe({ value, committed }: { value: string | undefined; committed: (string | undefined)[] }) {
  const shown = useDrawnAfterFirstPaint(value);
  useLayoutEffect(() => {
    committed.push(shown);
  }, [committed, shown]);
  return <span>{shown ?? 'skeleton'}</span>;
}

describe('useDrawnAfterFirstPaint (src/ui/useDrawnAfterFirstPaint.ts)', () => {
  it('commits the screen without a value that was already there, then with it in a render of its own', async () => {
    const committed: (string | undefined)[] = [];
    render(<Probe value="20 rows" committed={committed} />);
    expect(await screen.findByText('20 rows')).toBeTruthy();
    expect(committed).toEqual([undefined, '20 rows']);
  });

  it('answers undefined while there is no value, and the value once it comes', async () => {
    const committed: (string | undefined)[] = [];
    const { rerender } = render(<Probe value={undefined} committed={committed} />);
    expect(screen.getByText('skeleton')).toBeTruthy();
    rerender(<Probe value="figures" committed={committed} />);
    expect(await screen.findByText('figures')).toBeTruthy();
    expect(committed.at(-1)).toBe('figures');
  });
});
