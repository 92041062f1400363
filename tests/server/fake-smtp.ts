import { createServer, type Server } from 'node:net';

/** Just enough SMTP to accept letters from nodemailer and keep their raw text. */
export async function startFakeSmtp(): Promise<{ url: string; letters: string[]; close(): Promise<void> }> {
  const letters: string[] = [];
  const server: Server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    let letter = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\r\n');
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            letters.push(letter);
            letter = '';
            socket.write('250 queued\r\n');
          } else letter += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
        end = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, letters, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
