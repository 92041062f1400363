/** Keys of an upload's bytes in the file store: its source files and each generation of its renders. */

/** Render names a picture URL may ask for: the two sides and one per layer file ('f1', 'f2', …). */
export const RENDER_NAME = /^(top|bottom|layer-f\d{1,4})$/;

export const uploadPrefix = (uploadId: string): string => `uploads/${uploadId}/`;

export const sourceKey = (uploadId: string, fileId: string): string => `${uploadPrefix(uploadId)}source/${fileId}`;

/** Each attempt of a job draws into a folder of its own, so a picture never mixes two analyses. */
export const renderPrefix = (uploadId: string, generation: string): string =>
  `${uploadPrefix(uploadId)}renders/${generation}/`;

export const renderKey = (uploadId: string, generation: string, name: string): string =>
  `${renderPrefix(uploadId, generation)}${name}.svg`;
