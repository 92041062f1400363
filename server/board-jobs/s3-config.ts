import type { S3StoreSpec } from './file-store-shape';
import { checkedPrefix } from './store-key';

type Env = Record<string, string | undefined>;

/** S3's rule for bucket names (3–63 lower-case letters, digits, '.' and '-'), which every compatible server follows. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const DEFAULT_REGION = 'us-east-1';

const text = (env: Env, name: string): string | null => (env[name] === undefined || env[name] === '' ? null : env[name]);

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (raw !== '0' && raw !== '1') throw new Error(`${name} must be 1 or 0, got "${raw}"`);
  return raw === '1';
}

function endpointOf(env: Env): string | null {
  const raw = text(env, 'S3_ENDPOINT');
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('S3_ENDPOINT is not a URL: give the server\'s address, e.g. https://storage.example.ru or http://minio:9000');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`S3_ENDPOINT must be an http:// or https:// address, got ${url.protocol}`);
  if (url.username || url.password) throw new Error('S3_ENDPOINT holds credentials: give them as S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** `s3://bucket` or `s3://bucket/a/prefix`: the bucket and the prefix every key of the store goes under. */
function bucketAndPrefix(raw: string): { bucket: string; prefix: string } {
  const shape = 'FILE_STORE_URL must look like s3://bucket or s3://bucket/prefix';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(shape);
  }
  // URL would quietly resolve them: 's3://b/a/../c' is not the prefix 'c/' an operator meant.
  if (/\/\.{1,2}(?:\/|$)/.test(raw)) throw new Error(`${shape}, without '.' or '..' segments`);
  if (url.protocol !== 's3:') throw new Error(`${shape} (the only kind of URL it takes; a folder is FILE_STORE_DIR)`);
  // Not repeated: it may be a secret put in the wrong place.
  if (url.username || url.password) throw new Error('FILE_STORE_URL holds credentials: give them as S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  if (url.search || url.hash) throw new Error(`${shape}, without ?query or #fragment`);
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw new Error(`FILE_STORE_URL: "${bucket}" is not a bucket name (3–63 lower-case letters, digits, '.' and '-')`);
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const prefix = path === '' ? '' : `${path}/`;
  if (prefix !== '') {
    try {
      checkedPrefix(prefix);
    } catch {
      throw new Error(`FILE_STORE_URL: "${path}" is not a prefix (segments of letters, digits, '.', '_' and '-' joined by '/')`);
    }
  }
  return { bucket, prefix };
}

/**
 * The bucket store FILE_STORE_URL names, with the S3_* settings; throws with what is wrong, never with a key's value.
 * Path-style addressing (http://host/bucket/key) is the default with S3_ENDPOINT: a server of one's own rarely has
 * a DNS name per bucket.
 */
export function s3SpecOf(url: string, env: Env): S3StoreSpec {
  const { bucket, prefix } = bucketAndPrefix(url);
  const endpoint = endpointOf(env);
  const accessKeyId = text(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = text(env, 'S3_SECRET_ACCESS_KEY');
  if (!accessKeyId || !secretAccessKey) {
    const missing = [accessKeyId ? null : 'S3_ACCESS_KEY_ID', secretAccessKey ? null : 'S3_SECRET_ACCESS_KEY'].filter((name) => name !== null);
    throw new Error(`FILE_STORE_URL=s3://${bucket}/${prefix} needs ${missing.join(' and ')}: the key the bucket's server gave this portal`);
  }
  return {
    kind: 's3', bucket, prefix, endpoint, region: text(env, 'S3_REGION') ?? DEFAULT_REGION,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', endpoint !== null), accessKeyId, secretAccessKey,
  };
}
