import net from 'node:net';

/** A raw connection to the server, with everything the server writes on it until it closes it. */
export function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const received = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => resolve(text));
    socket.on('close', () => resolve(text));
  });
  const write = (data: string) => new Promise<void>((resolve) => socket.write(data, () => resolve()));
  return { socket, received, write };
}

/**
 * Raw HTTP answers as written on the socket (status, lower-cased headers, body); a leading
 * `100 Continue` (the answer to `Expect: 100-continue`) is passed over.
 */
export function parseResponses(raw: string) {
  const answers: { status: number; headers: Record<string, string>; body: string }[] = [];
  let rest = raw.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    answers.push({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}
