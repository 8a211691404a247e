import { App } from 'antd';
import { useEffect } from 'react';
import { configureApiUi } from '../api/ui';

/** Wires the /api client's messages, notifications and dialogs to antd's themed, translated instances. */
export function ApiUiBridge() {
  const { message, notification, modal } = App.useApp();
  useEffect(() => {
    configureApiUi({
      message: (text) => {
        void message.error({ content: text, key: text });
      },
      notify: (text, durationSeconds) => notification.error({ message: text, duration: durationSeconds, key: text }),
      confirm: ({ title, content, okText, cancelText, onOk }) => {
        modal.confirm({ title, content, okText, cancelText, onOk, maskClosable: false, keyboard: false, autoFocusButton: 'ok' });
      },
    });
  }, [message, notification, modal]);
  return null;
}
