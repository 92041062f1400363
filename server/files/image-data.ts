import { AVATAR_MAX_BYTES } from '../../src/contract/credentials';
import { ApiError } from '../http/errors';

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

export interface DecodedImage { mime: ImageMime; bytes: Buffer }

const DATA_URL = /^data:image\/(?:png|jpeg|webp);base64,([A-Za-z0-9+/]*={0,2})$/;

const startsWith = (bytes: Buffer, offset: number, signature: readonly number[]) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The type the bytes really are; the type a data URL declares is only a claim. */
export function sniffImage(bytes: Buffer): ImageMime | null {
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'image/webp';
  return null;
}

const notImage = () => new ApiError(400, 'avatarNotImage', {}, { field: 'dataUrl', code: 'not_an_image' });

/**
 * Decodes a PNG, JPEG or WebP data URL of at most AVATAR_MAX_BYTES. The size is judged from the base64 length
 * before anything is decoded; the stored type is the one the bytes show, so a PNG sent as image/jpeg is a PNG.
 */
export function decodeImageDataUrl(dataUrl: string): DecodedImage {
  const match = DATA_URL.exec(dataUrl);
  const base64 = match?.[1];
  if (!base64 || base64.length % 4 !== 0) throw notImage();
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if ((base64.length / 4) * 3 - padding > AVATAR_MAX_BYTES) {
    throw new ApiError(413, 'avatarTooLarge', { megabytes: AVATAR_MAX_BYTES / (1024 * 1024) }, { field: 'dataUrl', code: 'too_large' });
  }
  const bytes = Buffer.from(base64, 'base64');
  const mime = sniffImage(bytes);
  if (!mime) throw notImage();
  return { mime, bytes };
}
