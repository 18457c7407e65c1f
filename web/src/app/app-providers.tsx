import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { store } from './store';
import { appTheme } from './theme';
import { ThemeVariables } from './theme-variables';

/** Store, theme and antd's App context (message, notification and modal hooks). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <ConfigProvider theme={appTheme}>
        <ThemeVariables />
        <AntApp component={false}>{children}</AntApp>
      </ConfigProvider>
    </ReduxProvider>
  );
}
