import { TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '../shared/ui-constants';
import { useEffect } from 'react';

const NOTICE = '.ant-notification-notice';

/**
 * docs/product.md §9's toast viewport on top of antd's notifications: F8 moves keyboard focus to the newest toast,
 * and a toast swiped (or dragged) right by 50 px or more is dismissed as its close button would.
 */
export function ToastViewport() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      const notices = document.querySelectorAll<HTMLElement>(NOTICE);
      const newest = notices[notices.length - 1];
      if (!newest) return;
      event.preventDefault();
      newest.tabIndex = -1;
      newest.focus();
    };
    let swipe: { x: number; notice: HTMLElement } | null = null;
    const onDown = (event: PointerEvent) => {
      const notice = event.target instanceof Element ? event.target.closest<HTMLElement>(NOTICE) : null;
      swipe = notice ? { x: event.clientX, notice } : null;
    };
    const onUp = (event: PointerEvent) => {
      if (swipe && event.clientX - swipe.x >= TOAST_SWIPE_THRESHOLD_PX) swipe.notice.querySelector<HTMLElement>(`${NOTICE}-close`)?.click();
      swipe = null;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('pointerup', onUp);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('pointerup', onUp);
    };
  }, []);
  return null;
}
