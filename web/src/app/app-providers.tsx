import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { ToastProvider } from '../shared/toast/toast-provider';
import { store } from './store';
import { appTheme } from './theme';
import { ThemeVariables } from './theme-variables';
import { ToastViewport } from './toast-viewport';

/** Store, theme and the toasts' notification API. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <ConfigProvider theme={appTheme}>
        <ThemeVariables />
        <ToastProvider>
          <ToastViewport />
          {children}
        </ToastProvider>
      </ConfigProvider>
    </ReduxProvider>
  );
}
