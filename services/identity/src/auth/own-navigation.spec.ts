import { describe, expect, it } from '@jest/globals';
import { isOwnNavigation } from './own-navigation.js';

const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin' };

describe('isOwnNavigation', () => {
  it('is a click on a link of the product, or a URL the user typed', () => {
    expect(isOwnNavigation(navigation)).toBe(true);
    expect(isOwnNavigation({ ...navigation, 'sec-fetch-site': 'none' })).toBe(true);
  });

  it('is not an image, a fetch, a frame, a link from another site or a request without Fetch Metadata', () => {
    expect(isOwnNavigation({ 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image', 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(isOwnNavigation({ 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(isOwnNavigation({ ...navigation, 'sec-fetch-dest': 'iframe' })).toBe(false);
    expect(isOwnNavigation({ ...navigation, 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(isOwnNavigation({ ...navigation, 'sec-fetch-site': 'same-site' })).toBe(false);
    expect(isOwnNavigation({})).toBe(false);
  });
});
