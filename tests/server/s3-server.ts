import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * A real S3-compatible server for one test file (s3rver: S3's HTTP API over a temporary folder) in a child process
 * on a free port of this machine (s3rver-main.ts), with one bucket. Its keys are s3rver's fixed ones; a gateway is given them as an operator would.
 */
export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The S3_* settings a gateway on this server needs, FILE_STORE_URL aside. */
  env: Record<string, string>;
  /** Every key in the bucket under `prefix`, read by a client of its own (not the portal's store). */
  keys(prefix?: string): Promise<string[]>;
  /** One object's bytes, read by that same client. */
  read(key: string): Promise<Buffer>;
  /** Writes an object beside the portal's, by that client. */
  write(key: string, bytes: Buffer): Promise<void>;
  stop(): Promise<void>;
}

const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export async function startS3Server(bucket = 'portal-files'): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '--import', 'tsx', 'tests/server/s3rver-main.ts', directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /\{"port":(\d+)\}/.exec(output);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${String(code)} before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint, region: 'us-east-1', forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    bucket,
    env: { S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY },
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async read(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await answer.Body?.transformToByteArray() ?? []);
    },
    async write(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    },
    async stop() {
      client.destroy();
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
