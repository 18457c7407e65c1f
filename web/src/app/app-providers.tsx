import { TOAST_DURATION_MS, TOAST_LIMIT } from '../shared/ui-constants';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { store } from './store';
import { appTheme } from './theme';
import { ThemeVariables } from './theme-variables';
import { ToastViewport } from './toast-viewport';

/** docs/product.md §9: one toast at a time, shown for 5 seconds (F8 and swiping: ToastViewport). */
const TOASTS = { maxCount: TOAST_LIMIT, duration: TOAST_DURATION_MS / 1000, placement: 'bottomRight' } as const;

/** Store, theme and antd's App context (message, notification and modal hooks). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <ConfigProvider theme={appTheme}>
        <ThemeVariables />
        <AntApp component={false} notification={TOASTS}>
          <ToastViewport />
          {children}
        </AntApp>
      </ConfigProvider>
    </ReduxProvider>
  );
}
