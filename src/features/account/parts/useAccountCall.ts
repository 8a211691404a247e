import { useState } from 'react';
import type { Envelope } from '../../../../contract/codes';

/**
 * One call of a public account page at a time: `busy` while it runs, the answer's code when it was not 200
 * (the page decides where to show it). A transport error is already shown by the /api client: undefined.
 */
export function useAccountCall() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<number>();

  const run = async <T>(call: () => Promise<Envelope<T>>): Promise<Envelope<T> | undefined> => {
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await call();
      if (answer.code !== 200) setFailure(answer.code);
      return answer;
    } catch {
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  return { busy, failure, setFailure, run };
}
