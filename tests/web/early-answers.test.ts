import { afterEach, describe, expect, it, vi } from 'vitest';
import { arrivedEarlyAnswer, askEarly, codeThenAnswers, isEarlyAnswer, takeEarlyAnswer } from '../../src/api/earlyAnswers';

describe('answers asked for ahead of their screen', () => {
  afterEach(() => vi.useRealTimers());

  it('hands the early answer to the first query under the same key, and asks the server once', async () => {
    const call = vi.fn().mockResolvedValue(['ESS2024A0001']);
    const early = askEarly(['monitoring', 'systems', 'alice'], call);
    expect(askEarly(['monitoring', 'systems', 'alice'], call)).toBe(early);
    await expect(takeEarlyAnswer(['monitoring', 'systems', 'alice'], call)).resolves.toEqual(['ESS2024A0001']);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('hands it over once: a refetch asks the server again', async () => {
    const call = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    void askEarly(['k', 'once'], call);
    await expect(takeEarlyAnswer(['k', 'once'], call)).resolves.toBe('first');
    await expect(takeEarlyAnswer(['k', 'once'], call)).resolves.toBe('second');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('does not hand over an answer to another key', async () => {
    void askEarly(['summary', 'ESS2024A0001'], () => Promise.resolve('one'));
    const call = vi.fn().mockResolvedValue('two');
    await expect(takeEarlyAnswer(['summary', 'ESS2024A0002'], call)).resolves.toBe('two');
  });

  it('asks again once the early answer is older than 30 s', async () => {
    vi.useFakeTimers();
    void askEarly(['k', 'stale'], () => Promise.resolve('old'));
    vi.advanceTimersByTime(31_000);
    const call = vi.fn().mockResolvedValue('new');
    await expect(takeEarlyAnswer(['k', 'stale'], call)).resolves.toBe('new');
  });

  it('leaves a failure to the query that takes it, with no unhandled rejection before', async () => {
    const failed = askEarly(['k', 'failed'], () => Promise.reject(new Error('Network failed')));
    await new Promise((resolve) => setTimeout(resolve));
    await expect(takeEarlyAnswer(['k', 'failed'], () => Promise.resolve('unused'))).rejects.toThrow('Network failed');
    await expect(failed).rejects.toThrow('Network failed');
  });

  it('shows an answer that has arrived to the first render without taking it; nothing before, or for a failure', async () => {
    let arrive!: (value: string[]) => void;
    const call = vi.fn(() => new Promise<string[]>((resolve) => (arrive = resolve)));
    void askEarly(['k', 'peek'], call);
    expect(arrivedEarlyAnswer(['k', 'peek'])).toBeUndefined();
    arrive(['ESS2024A0001']);
    await new Promise((resolve) => setTimeout(resolve));
    expect(arrivedEarlyAnswer(['k', 'peek'])).toEqual(['ESS2024A0001']);
    // Still there for the query's own call, which asks the server no more.
    await expect(takeEarlyAnswer(['k', 'peek'], call)).resolves.toEqual(['ESS2024A0001']);
    expect(call).toHaveBeenCalledTimes(1);

    void askEarly(['k', 'peek-failed'], () => Promise.reject(new Error('Network failed')));
    await new Promise((resolve) => setTimeout(resolve));
    expect(arrivedEarlyAnswer(['k', 'peek-failed'])).toBeUndefined();
  });

  it('lets a screen wait for its first answers once its code is there, but only shortly: a slow server does not hold the page back', async () => {
    vi.useFakeTimers();
    const code = { default: 'Screen' };
    let answer = (_value: string) => {};
    const slow = askEarly(['k', 'slow'], () => new Promise<string>((resolve) => (answer = resolve)));
    const settled = vi.fn();
    void codeThenAnswers(Promise.resolve(code), slow).then(settled);
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(code);
    answer('late');

    // An answer that comes in time ends the wait at once, and is then the screen's first render's placeholder.
    const quick = askEarly(['k', 'quick'], () => Promise.resolve('rows'));
    const done = vi.fn();
    void codeThenAnswers(Promise.resolve(code), quick).then(done);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledWith(code);
    expect(arrivedEarlyAnswer(['k', 'quick'])).toBe('rows');

    // The wait starts once the code is there: answers that came first cost the loader nothing.
    let loadCode = (_code: typeof code) => {};
    const slowCode = new Promise<typeof code>((resolve) => (loadCode = resolve));
    const afterCode = vi.fn();
    void codeThenAnswers(slowCode, Promise.resolve('rows')).then(afterCode);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(afterCode).not.toHaveBeenCalled();
    loadCode(code);
    await vi.advanceTimersByTimeAsync(0);
    expect(afterCode).toHaveBeenCalledWith(code);

    // A call failing, even while the code still loads, ends the wait and fails nothing: the screen's own query
    // reports it.
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    let loadLater = (_code: typeof code) => {};
    const failed = vi.fn();
    void codeThenAnswers(new Promise<typeof code>((resolve) => (loadLater = resolve)), Promise.reject(new Error('Network failed'))).then(
      failed,
    );
    await vi.advanceTimersByTimeAsync(0);
    loadLater(code);
    await vi.advanceTimersByTimeAsync(0);
    process.off('unhandledRejection', unhandled);
    expect(failed).toHaveBeenCalledWith(code);
    expect(unhandled).not.toHaveBeenCalled();

    // A screen with nothing asked ahead just loads.
    await expect(codeThenAnswers(Promise.resolve(code), undefined)).resolves.toBe(code);
  });

  it('tells the early answer shown as a placeholder from another key’s rows kept on screen', async () => {
    const rows = [{ sys_sn: 'ESS-1' }];
    await askEarly(['systems', 'page-1'], () => Promise.resolve(rows));
    expect(isEarlyAnswer(['systems', 'page-1'], rows)).toBe(true);
    // Page 2 keeps page 1's rows on screen while its own load: that is loading, not an early answer.
    expect(isEarlyAnswer(['systems', 'page-2'], rows)).toBe(false);
    expect(isEarlyAnswer(['systems', 'page-1'], [{ sys_sn: 'ESS-1' }])).toBe(false);
    expect(isEarlyAnswer(['systems', 'page-3'], undefined)).toBe(false);
  });
});
