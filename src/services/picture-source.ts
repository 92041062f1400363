import { createContext } from 'react';

export type PictureFetch = (url: string) => Promise<{ status: number; blob: Blob | null }>;

/**
 * Where a board's pictures are read with other credentials than the customer's session: the staff pages
 * provide their own fetch with the staff token; null is the signed-in customer's (or a quote's key, QuotePictureKey).
 */
export const PictureSource = createContext<PictureFetch | null>(null);
