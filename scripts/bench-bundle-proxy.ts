import { createServer, request as forward, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface Proxy {
  url: string;
  close(): void;
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json)|image\/svg)/;

/** The body coding a browser's Accept-Encoding allows, best first; null for none we make. */
function codingFor(accept: string | undefined): 'br' | 'gzip' | null {
  const codings = (accept ?? '').split(',').map((part) => part.trim().split(';')[0]);
  if (codings.includes('br')) return 'br';
  return codings.includes('gzip') ? 'gzip' : null;
}

/**
 * `BENCH_COMPRESS=1`: a stand-in for assets compressed at build time (brotli -11 / gzip -9) until the gateway
 * serves them itself. It sits in front of the gateway and compresses what the gateway sends as-is, except the API;
 * the result is cached per path and ETag, so compressing costs the measured visits nothing.
 */
export function startCompressingProxy(port: number, target: URL): Promise<Proxy> {
  const cache = new Map<string, Buffer>();
  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    const upstream = forward(
      { host: target.hostname, port: target.port, method: incoming.method, path, headers: incoming.headers },
      (answer) => {
        const headers: IncomingHttpHeaders = { ...answer.headers };
        const coding = codingFor(incoming.headers['accept-encoding']);
        const compress = coding !== null && answer.statusCode === 200 && !path.startsWith('/api/') && !headers['content-encoding'] &&
          COMPRESSIBLE.test(headers['content-type'] ?? '');
        if (!compress) {
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(outgoing);
          return;
        }
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', () => {
          const key = `${coding} ${path} ${headers.etag ?? ''}`;
          const body = Buffer.concat(parts);
          const packed = cache.get(key) ??
            (coding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipSync(body, { level: 9 }));
          if (headers.etag) cache.set(key, packed);
          outgoing.writeHead(200, { ...headers, 'content-encoding': coding, vary: 'accept-encoding', 'content-length': String(packed.length) });
          outgoing.end(packed);
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  // The live updates' WebSocket goes straight through.
  server.on('upgrade', (incoming, socket, head) => {
    const upstream = connect(Number(target.port), target.hostname, () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
      for (let index = 0; index < incoming.rawHeaders.length; index += 2) lines.push(`${incoming.rawHeaders[index]}: ${incoming.rawHeaders[index + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() }));
  });
}
