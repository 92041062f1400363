import S3rver from 's3rver';

/**
 * s3rver in a process of its own (tests/server/s3-server.ts starts it): its listings past 1000 keys draw their
 * continuation token with DES, which Node 17+ has only under --openssl-legacy-provider — a flag for it, not for the tests.
 * Arguments: the data folder and the bucket. Prints `{"port":N}` once it listens.
 */
const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error('usage: s3rver-main.ts <directory> <bucket>');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
