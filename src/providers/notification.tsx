import type { NotificationProvider } from '@refinedev/core';
import { App, Button } from 'antd';
import { useMemo } from 'react';
import { i18n } from '../i18n';

/**
 * Refine's notifications on antd's contextual `notification` (inside antd <App>), like @refinedev/antd's
 * useNotificationProvider but without importing that package into the first chunk (it carries the whole
 * layout, charts and markdown; the login route must stay small).
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
        if (type === 'progress') {
          notification.open({
            key,
            message: description ?? message,
            description: (
              <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
                <span>{`${undoableTimeout ?? 0} s`}</span>
                <Button
                  size="small"
                  onClick={() => {
                    cancelMutation?.();
                    if (key) notification.destroy(key);
                  }}
                >
                  {i18n.t('common:actions.undo')}
                </Button>
              </span>
            ),
            duration: 0,
            closeIcon: null,
          });
          return;
        }
        notification.open({ key, message: description ? message : null, description: description ?? message, type });
      },
      close: (key) => notification.destroy(key),
    }),
    [notification],
  );
}
