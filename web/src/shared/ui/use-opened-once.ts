import { useState } from 'react';

/**
 * True from the first time `open` is true: a dialog or drawer is then mounted, and stays so to animate out and return focus.
 * Until then it is not rendered at all: an antd Modal or Drawer renders (and registers its styles) even while closed, a cost
 * on every page load for a dialog most visits never open.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
