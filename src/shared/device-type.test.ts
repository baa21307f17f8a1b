import { describe, expect, it } from 'vitest';
import { deviceTypeFromUserAgent, isMobileDevice } from './device-type';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  ipadOs: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  pixel: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  galaxyTab: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  chromebook: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
};

describe('deviceTypeFromUserAgent', () => {
  it.each([
    [UA.iphone, 'mobile-ios'],
    [UA.ipad, 'tablet-ios'],
    [UA.pixel, 'mobile-android'],
    [UA.galaxyTab, 'tablet-android'],
    [UA.windows, 'desktop-windows'],
    [UA.mac, 'desktop-mac'],
    [UA.linux, 'desktop-linux'],
    [UA.chromebook, 'desktop-linux'],
    ['curl/8.5.0', 'desktop-unknown'],
    ['', 'desktop-unknown'],
  ])('%s → %s', (ua, expected) => {
    expect(deviceTypeFromUserAgent(ua)).toBe(expected);
  });

  it('tells an iPad that reports a Mac user agent by its touch points', () => {
    expect(deviceTypeFromUserAgent(UA.ipadOs, 5)).toBe('tablet-ios');
    expect(deviceTypeFromUserAgent(UA.ipadOs, 0)).toBe('desktop-mac');
  });

  it('handles a missing user agent', () => {
    expect(deviceTypeFromUserAgent(null)).toBe('desktop-unknown');
    expect(deviceTypeFromUserAgent(undefined)).toBe('desktop-unknown');
  });
});

describe('isMobileDevice', () => {
  it('is a phone by user agent or by a viewport under 768 px', () => {
    expect(isMobileDevice(UA.iphone, 1024)).toBe(true);
    expect(isMobileDevice(UA.windows, 767)).toBe(true);
    expect(isMobileDevice(UA.windows, 768)).toBe(false);
    expect(isMobileDevice(UA.ipad, 1024)).toBe(false);
  });
});
