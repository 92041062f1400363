import { describe, expect, it } from 'vitest';
import { deviceInfo, fingerprint, location } from '../../src/services/device';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('device facts sent with a sign-in', () => {
  it('keeps one fingerprint per browser', () => {
    const storage = memoryStorage();
    const first = fingerprint(storage);
    expect(first).toMatch(/\S{8,}/);
    expect(fingerprint(storage)).toBe(first);
    expect(fingerprint(memoryStorage())).not.toBe(first);
  });

  it('still gives an id when storage throws', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => undefined };
    expect(fingerprint(broken)).toMatch(/\S{8,}/);
  });

  it('names browser and system briefly', () => {
    expect(deviceInfo('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'))
      .toBe('Chrome 126, Windows');
    expect(deviceInfo('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87'))
      .toBe('Edge 126, Windows');
    expect(deviceInfo('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128, Linux');
    expect(
      deviceInfo(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17, iOS');
    expect(
      deviceInfo(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 YaBrowser/24.6.0.0',
      ),
    ).toBe('Yandex Browser 24, Android');
    expect(deviceInfo('')).toBe('Browser');
  });

  it('uses the time zone as the location', () => {
    expect(location()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
