import { Grid } from 'antd';

/** antd's `lg` breakpoint (992 px) and up: the shell shows the sidebar, below it the top and bottom bars. */
export const useIsWideScreen = (): boolean => Grid.useBreakpoint().lg === true;
