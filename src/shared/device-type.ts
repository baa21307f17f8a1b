import type { DeviceType } from './constants';

/**
 * Classifies a browser user agent into the specification's eight device types.
 * iPadOS 13+ reports a Macintosh user agent; callers that know the device has touch
 * can pass `maxTouchPoints` to tell an iPad from a Mac.
 */
export function deviceTypeFromUserAgent(userAgent: string | null | undefined, maxTouchPoints = 0): DeviceType {
  const ua = userAgent ?? '';
  if (/iPad/i.test(ua) || (/Macintosh/i.test(ua) && maxTouchPoints > 1)) return 'tablet-ios';
  if (/iPhone|iPod/i.test(ua)) return 'mobile-ios';
  if (/Android/i.test(ua)) return /Mobile/i.test(ua) ? 'mobile-android' : 'tablet-android';
  if (/Windows/i.test(ua)) return 'desktop-windows';
  if (/Macintosh|Mac OS X/i.test(ua)) return 'desktop-mac';
  if (/CrOS|Linux|X11/i.test(ua)) return 'desktop-linux';
  return 'desktop-unknown';
}

/** Phone detection used by onboarding: a phone user agent or a viewport narrower than 768 px. */
export function isMobileDevice(userAgent: string, viewportWidth: number): boolean {
  return /Android.*Mobile|iPhone|iPod|Windows Phone|IEMobile|Opera Mini/i.test(userAgent) || viewportWidth < 768;
}
