import { useContext, useEffect, useState } from 'react';
import { QUOTE_KEY_HEADER } from '../contract/quote';
import { withSessionToken } from './authorized-request';
import { PictureSource, type PictureFetch } from './picture-source';
import { QuotePictureKey } from './quote-picture-key';
import { onUserDataCleared } from './session';
import { swappableCalls } from './swappable-calls';

/** How a picture loads; swapped in tests with `provideBoardImageFetch`. */
export type BoardImageFetch = (url: string, token: string) => Promise<{ status: number; blob: Blob | null }>;

async function fetchPicture(url: string, headers: Record<string, string>): Promise<{ status: number; blob: Blob | null }> {
  // 'no-cache' revalidates with the gateway's ETag: SetLayers draws new pictures under the same URLs.
  const response = await fetch(url, { headers, cache: 'no-cache' });
  return { status: response.status, blob: response.ok ? await response.blob() : null };
}

const fetchWithToken: BoardImageFetch = (url, token) => fetchPicture(url, { Authorization: `Bearer ${token}` });
const fetchSlot = swappableCalls<BoardImageFetch>(fetchWithToken);
/**
 * The last pictures stay in memory, so switching top ↔ bottom or a layer on and off does not ask again. Pictures
 * are members-only (/files/boards/…), so they are dropped when the user signs out.
 */
const cache = new Map<string, Promise<Blob>>();

/** Pictures kept from another source are not this source's: swapping it empties the cache. */
export function provideBoardImageFetch(next: BoardImageFetch | null): () => void {
  cache.clear();
  const undo = fetchSlot.provide(next);
  return () => {
    undo();
    cache.clear();
  };
}

const CACHE_SIZE = 16;
onUserDataCleared(() => cache.clear());

export { QuotePictureKey };

const asAttempt = ({ status, blob }: { status: number; blob: Blob | null }) => ({ status, value: blob });

async function loadBlob(url: string, quoteKey: string | null, source: PictureFetch | null): Promise<Blob> {
  const answer = source !== null
    ? asAttempt(await source(url))
    : quoteKey !== null
    ? asAttempt(await fetchPicture(url, { [QUOTE_KEY_HEADER]: quoteKey }))
    : await withSessionToken((token) => fetchSlot.current()(url, token).then(asAttempt));
  if (!answer.value) throw new Error(`picture ${url}: ${answer.status}`);
  // An SVG served as text would not draw in <img>; the type is known, so it is set here.
  return answer.value.type.startsWith('image/svg+xml') ? answer.value : new Blob([answer.value], { type: 'image/svg+xml' });
}

function cachedBlob(url: string, version: string, quoteKey: string | null, source: PictureFetch | null): Promise<Blob> {
  // A picture read with the staff token is not the customer's to see, nor the reverse.
  const key = `${url}#${version}${source ? '#source' : ''}`;
  const found = cache.get(key);
  if (found) {
    cache.delete(key);
    cache.set(key, found);
    return found;
  }
  const loading = loadBlob(url, quoteKey, source);
  cache.set(key, loading);
  loading.catch(() => cache.delete(key));
  while (cache.size > CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return loading;
}

export type BoardImageState =
  | { status: 'none'; src: null }
  | { status: 'loading'; src: null }
  | { status: 'loaded'; src: string }
  | { status: 'failed'; src: null };

export type BoardImage = BoardImageState & {
  /** Loads a failed picture again ('Повторить'). */
  retry: () => void;
};

/**
 * An SVG under /files/boards/ as an object URL for `<img>`: fetched with the Authorization header, because the
 * gateway shows a board only to members of its client. The object URL is revoked when the picture changes or
 * the component goes. `version` names the drawing: the same URL holds a new picture after the layers change.
 */
export function useBoardImage(url: string | null, version = ''): BoardImage {
  const [loaded, setLoaded] = useState<{ key: string | null; state: BoardImageState }>({ key: null, state: { status: 'none', src: null } });
  const [attempt, setAttempt] = useState(0);
  const quoteKey = useContext(QuotePictureKey);
  const source = useContext(PictureSource);
  useEffect(() => {
    if (!url) return undefined;
    const key = `${url}#${version}`;
    let objectUrl: string | null = null;
    let live = true;
    cachedBlob(url, version, quoteKey, source).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ key, state: { status: 'loaded', src: objectUrl } });
      },
      (error: unknown) => {
        if (!live) return;
        console.error('[board] picture failed', error);
        setLoaded({ key, state: { status: 'failed', src: null } });
      },
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, version, attempt, quoteKey, source]);
  const retry = () => {
    setLoaded({ key: null, state: { status: 'none', src: null } });
    setAttempt((count) => count + 1);
  };
  if (!url) return { status: 'none', src: null, retry };
  // Until the effect has answered for this url, the previous picture must not show under its name.
  const state: BoardImageState = loaded.key === `${url}#${version}` ? loaded.state : { status: 'loading', src: null };
  return { ...state, retry };
}
