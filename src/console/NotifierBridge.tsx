import { useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { setNotifier } from '../client/notifier';

/** Hands the request layer antd's message and modal from inside the App context, so they follow the theme. */
export function NotifierBridge() {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  useEffect(() => {
    setNotifier({
      error: (text, seconds) => void message.error({ content: text, duration: seconds }),
      confirmRelogin: () =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: t('session.confirmLogoutTitle'),
            content: t('session.confirmLogoutText'),
            okText: t('session.relogin'),
            cancelText: t('common.cancel'),
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    });
  }, [message, modal, t]);
  return null;
}
