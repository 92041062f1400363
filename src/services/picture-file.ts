import { AVATAR_MAX_BYTES } from '../contract/credentials';
import { isOneOf } from '../contract/fields';

/** The types the gateway accepts for a picture, an avatar or a group's image (it checks the bytes again). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Why a chosen picture is refused before upload (locale keys of the refusing form). */
export type PictureProblem = 'wrongType' | 'tooLarge' | 'unreadable';

/** A chosen picture refused before upload; each form tells its problem in its own words. */
export class PictureFileError extends Error {
  constructor(readonly problem: PictureProblem) {
    super(problem);
  }
}

const refused = (problem: PictureProblem) => new PictureFileError(problem);

/** Checks a chosen picture and reads it as the data URL the gateway takes; a refused file never reaches the gateway. */
export function pictureDataUrl(file: File): Promise<string> {
  if (!isOneOf(PICTURE_TYPES)(file.type)) return Promise.reject(refused('wrongType'));
  if (file.size > AVATAR_MAX_BYTES) return Promise.reject(refused('tooLarge'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(refused('unreadable')));
    reader.onerror = () => reject(refused('unreadable'));
    reader.readAsDataURL(file);
  });
}
