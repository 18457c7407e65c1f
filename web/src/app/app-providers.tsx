import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { ToastProvider } from '../shared/toast/toast-provider';
import { useReducedMotion } from '../shared/ui/use-reduced-motion';
import { store } from './store';
import { appTheme, appThemeWithoutMotion } from './theme';
import { ThemeVariables } from './theme-variables';
import { ToastViewport } from './toast-viewport';

/** Store, theme (without motion for people who ask for less) and the toasts' notification API. */
export function AppProviders({ children }: { children: ReactNode }) {
  const reducedMotion = useReducedMotion();
  return (
    <ReduxProvider store={store}>
      <ConfigProvider theme={reducedMotion ? appThemeWithoutMotion : appTheme}>
        <ThemeVariables />
        <ToastProvider>
          <ToastViewport />
          {children}
        </ToastProvider>
      </ConfigProvider>
    </ReduxProvider>
  );
}
