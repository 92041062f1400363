import type { S3Client } from '@aws-sdk/client-s3';
import type { FileStore, S3StoreSpec } from './file-store-shape';
import { checkedKey, checkedPrefix } from './store-key';

/** Up to this many keys per DeleteObjects call, the most S3 takes. */
const DELETE_BATCH = 1000;

/** The address an operator recognises, without the credentials: for messages and logs. */
const describeS3 = (spec: S3StoreSpec): string =>
  `s3://${spec.bucket}/${spec.prefix}${spec.endpoint ? ` at ${spec.endpoint}` : ` (AWS, ${spec.region})`}`;

/** One client per store in a process: a runner takes many tasks and each opens the store again. */
const clients = new Map<string, Promise<S3Client>>();

function clientOf(spec: S3StoreSpec): Promise<S3Client> {
  const id = JSON.stringify([spec.endpoint, spec.region, spec.forcePathStyle, spec.accessKeyId, spec.secretAccessKey]);
  let client = clients.get(id);
  if (!client) {
    // Imported on first use: a gateway or runner on a folder store never loads the SDK.
    client = import('@aws-sdk/client-s3').then(({ S3Client: Client }) => new Client({
      ...(spec.endpoint ? { endpoint: spec.endpoint } : {}),
      region: spec.region,
      forcePathStyle: spec.forcePathStyle,
      credentials: { accessKeyId: spec.accessKeyId, secretAccessKey: spec.secretAccessKey },
      // Checksums only where S3 requires one (DeleteObjects): what every S3-compatible server accepts (docs/decisions.md).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }));
    clients.set(id, client);
  }
  return client;
}

const isNoSuchKey = (error: unknown): boolean => error instanceof Error && error.name === 'NoSuchKey';

/** Keys of the store under `prefix`, page by page (ListObjectsV2 gives at most 1000 at a time). */
async function* listed(spec: S3StoreSpec, prefix: string): AsyncGenerator<{ key: string; modifiedAt: Date }[]> {
  const [client, { ListObjectsV2Command }] = await Promise.all([clientOf(spec), import('@aws-sdk/client-s3')]);
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: spec.bucket, Prefix: spec.prefix + prefix, ContinuationToken: token }));
    yield (page.Contents ?? []).flatMap((object) => (object.Key === undefined ? []
      : [{ key: object.Key.slice(spec.prefix.length), modifiedAt: object.LastModified ?? new Date(0) }]));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/**
 * The file store in a bucket. S3 has no folders: a 'folder' is the keys sharing a prefix, so `list` gives each name
 * directly under the prefix with the newest change beneath it, and `removeAll` deletes every key under the prefix.
 */
export function s3Store(spec: S3StoreSpec): FileStore {
  const objectKey = (key: string) => spec.prefix + checkedKey(key);
  const sdk = () => import('@aws-sdk/client-s3');
  return {
    spec,
    async put(key, bytes) {
      const [client, { PutObjectCommand }] = await Promise.all([clientOf(spec), sdk()]);
      // One PUT: readers see the old object or the whole new one, never a part.
      await client.send(new PutObjectCommand({ Bucket: spec.bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.byteLength }));
    },
    async get(key) {
      const [client, { GetObjectCommand }] = await Promise.all([clientOf(spec), sdk()]);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: spec.bucket, Key: objectKey(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isNoSuchKey(error)) return null;
        throw error;
      }
    },
    async removeAll(prefix) {
      checkedPrefix(prefix);
      const [client, { DeleteObjectsCommand }] = await Promise.all([clientOf(spec), sdk()]);
      for await (const page of listed(spec, prefix)) {
        for (let at = 0; at < page.length; at += DELETE_BATCH) {
          const keys = page.slice(at, at + DELETE_BATCH).map((entry) => ({ Key: spec.prefix + entry.key }));
          const answer = await client.send(new DeleteObjectsCommand({ Bucket: spec.bucket, Delete: { Objects: keys, Quiet: true } }));
          const failed = answer.Errors?.[0];
          if (failed) throw new Error(`the file store could not remove ${failed.Key ?? '?'}: ${failed.Code ?? ''} ${failed.Message ?? ''}`.trim());
        }
      }
    },
    async list(prefix) {
      checkedPrefix(prefix);
      const newest = new Map<string, Date>();
      for await (const page of listed(spec, prefix)) {
        for (const { key, modifiedAt } of page) {
          const name = key.slice(prefix.length).split('/')[0];
          if (!name) continue;
          const known = newest.get(name);
          if (!known || known < modifiedAt) newest.set(name, modifiedAt);
        }
      }
      return [...newest].map(([name, modifiedAt]) => ({ name, modifiedAt }));
    },
  };
}

/** Refuses to start on a bucket it cannot list (wrong address, bucket or credentials), naming the store but not the keys. */
export async function checkS3Store(spec: S3StoreSpec): Promise<void> {
  const [client, { ListObjectsV2Command }] = await Promise.all([clientOf(spec), import('@aws-sdk/client-s3')]);
  try {
    await client.send(new ListObjectsV2Command({ Bucket: spec.bucket, Prefix: spec.prefix, MaxKeys: 1 }));
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`The file store ${describeS3(spec)} cannot be read: ${reason}`, { cause: error });
  }
}
