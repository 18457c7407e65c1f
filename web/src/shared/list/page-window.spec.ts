import { describe, expect, it } from '@jest/globals';
import { pageCount, pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page when there are no more than the maximum', () => {
    expect(pageWindow(1, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(3, 5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts at page 1 near the beginning', () => {
    expect(pageWindow(1, 10, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres the current page in the middle', () => {
    expect(pageWindow(4, 10, 5)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(7, 10, 5)).toEqual([5, 6, 7, 8, 9]);
  });

  it('slides to end at the last page near the end', () => {
    expect(pageWindow(8, 10, 5)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10, 5)).toEqual([6, 7, 8, 9, 10]);
  });

  it('keeps an out-of-range current page inside the pages', () => {
    expect(pageWindow(0, 10, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(42, 10, 5)).toEqual([6, 7, 8, 9, 10]);
  });

  it('shows no buttons without pages or without room for them', () => {
    expect(pageWindow(1, 0, 5)).toEqual([]);
    expect(pageWindow(1, 10, 0)).toEqual([]);
  });

  it('counts pages of 12 templates', () => {
    expect(pageCount(0, 12)).toBe(0);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(30, 12)).toBe(3);
  });
});
