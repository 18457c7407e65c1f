/** @jest-environment jsdom */
import '../test/dom-setup';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, render } from '@testing-library/react';
import { ToastViewport } from './toast-viewport';

/** A toast as antd renders it: the notice and its close button. */
function showToast() {
  const notice = document.createElement('div');
  notice.className = 'ant-notification-notice';
  const close = document.createElement('button');
  close.className = 'ant-notification-notice-close';
  const closed = jest.fn();
  close.addEventListener('click', closed);
  notice.append(close);
  document.body.append(notice);
  return { notice, closed };
}

/** jsdom has no PointerEvent; a mouse event of the pointer type carries the same clientX. */
const pointer = (target: Element, type: 'pointerdown' | 'pointerup', clientX: number) => target.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX }));

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('ToastViewport', () => {
  it('dismisses a toast swiped right by 50 px or more, and keeps one swiped less', () => {
    render(<ToastViewport />);
    const { notice, closed } = showToast();
    pointer(notice, 'pointerdown', 100);
    pointer(notice, 'pointerup', 140);
    expect(closed).not.toHaveBeenCalled();
    pointer(notice, 'pointerdown', 100);
    pointer(notice, 'pointerup', 150);
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('moves focus to the newest toast on F8', () => {
    render(<ToastViewport />);
    showToast();
    const { notice } = showToast();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', bubbles: true }));
    expect(document.activeElement).toBe(notice);
  });
});
