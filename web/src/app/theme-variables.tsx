import { theme, type GlobalToken } from 'antd';
import { useLayoutEffect } from 'react';

export const toVariables = (token: GlobalToken): Record<`--prd-${string}`, string> => ({
  '--prd-primary': token.colorPrimary,
  '--prd-primary-bg': token.colorPrimaryBg,
  '--prd-primary-text': token.colorPrimaryTextActive,
  '--prd-text': token.colorText,
  '--prd-text-secondary': token.colorTextSecondary,
  '--prd-bg-layout': token.colorBgLayout,
  '--prd-bg-container': token.colorBgContainer,
  '--prd-fill-hover': token.colorFillTertiary,
  '--prd-border': token.colorBorderSecondary,
  '--prd-radius': `${token.borderRadius}px`,
  '--prd-font': token.fontFamily,
});

/**
 * Publishes the antd tokens the hand-written CSS needs as `--prd-*` properties on <html>, so the
 * stylesheets follow the theme instead of repeating its colours, and portals (the drawer) see them.
 */
export function ThemeVariables() {
  const { token } = theme.useToken();
  useLayoutEffect(() => {
    const { style } = document.documentElement;
    for (const [name, value] of Object.entries(toVariables(token))) style.setProperty(name, value);
  }, [token]);
  return null;
}
