/** The gender choice of the profile forms; the gateway's `isMale` is null when the user does not say. */
export const GENDERS = ['male', 'female', 'unspecified'] as const;
export type Gender = (typeof GENDERS)[number];

export const genderOf = (isMale: boolean | null): Gender => (isMale === null ? 'unspecified' : isMale ? 'male' : 'female');
export const isMaleOf = (gender: Gender): boolean | null => (gender === 'unspecified' ? null : gender === 'male');
