import factory, { type Clipper2Module } from 'clipper2-wasm';

/**
 * Clipper2 compiled to WebAssembly (docs/decisions.md, "Copper as polygons"), loaded once per process. Its factory is
 * asynchronous and DFM's measuring is not: the pipeline awaits `loadPolygons()` before it measures.
 */

let loading: Promise<Clipper2Module> | null = null;
let loaded: Clipper2Module | null = null;

export function loadPolygons(): Promise<void> {
  loading ??= factory().then((module) => {
    loaded = module;
    return module;
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading.then(() => undefined);
}

/** The loaded library; throws when `loadPolygons()` has not been awaited. */
export function clipper(): Clipper2Module {
  if (!loaded) throw new Error('the polygon library is not loaded: await loadPolygons() first');
  return loaded;
}

/** Bytes of WebAssembly memory the library holds: it only ever grows (the high-water mark of every job so far). */
export const polygonHeapBytes = (): number => (loaded ? loaded.HEAPU8.buffer.byteLength : 0);
