import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Spec §5 'Do not submit repeatly': one submission at a time. `guard(work)` runs `work` unless one is still
 * running, in which case it only says so. The flag is a ref, not state: two clicks in a row both run before
 * React renders again, so the second would still read a state flag as 'not saving' and send again.
 * `busy` is for the button (`loading`, a modal's `confirmLoading`).
 */
export function useSubmitGuard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  const guard = useCallback(
    async <T>(work: () => Promise<T>): Promise<T | undefined> => {
      if (running.current) {
        void message.warning(t('admin:form.doNotRepeat'));
        return undefined;
      }
      running.current = true;
      setBusy(true);
      try {
        return await work();
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [message, t],
  );

  return { busy, guard };
}
