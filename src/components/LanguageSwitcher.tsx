import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountKeys } from '../features/account/api';
import { isLanguage, LANGUAGES } from '../i18n';
import { chooseLanguage } from '../i18n/chooseLanguage';

/** Spec §1: all four languages by their own names; the current one is disabled. The choice is also saved as the user's language. */
export function LanguageSwitcher({ compact = false, dark = false }: { compact?: boolean; dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[1];
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [current.code],
        items: LANGUAGES.map((l) => ({ key: l.code, label: <span lang={l.code}>{l.label}</span>, disabled: l.code === current.code })),
        onClick: ({ key }) => {
          if (!isLanguage(key)) return;
          void chooseLanguage(key).then((saved) => {
            if (!saved) void message.warning(i18n.t('common:languageNotSaved'));
            // An open profile form shows the saved language (saving it as it was would undo the choice).
            else void queryClient.invalidateQueries({ queryKey: accountKeys.profile() });
          });
        },
      }}
    >
      <Button
        type="text"
        aria-label={t('common:language')}
        icon={<GlobalOutlined />}
        style={dark ? { color: '#fff' } : undefined}
        data-testid="language-switcher"
      >
        {compact ? null : <span lang={current.code}>{current.label}</span>}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
