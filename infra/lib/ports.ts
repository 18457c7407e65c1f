import { readFileSync } from 'node:fs';
import net from 'node:net';

/** Where the kernel takes the local ports of outgoing connections (Linux's default when it cannot be read). */
export function ephemeralPortRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return [low, high];
  } catch {
    // Not Linux: its default range.
  }
  return [32768, 60999];
}

/** The lowest port freePort hands out: above the well-known and the commonly registered ones. */
const LOWEST = 10_000;
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now, for a process started later. Chosen below the kernel's
 * ephemeral range: a port from that range (what listening on port 0 gives) can be taken as the local port of any
 * outgoing connection before the process listens on it, which failed a reliability suite's start-up with EADDRINUSE in
 * CI. Ports are not handed out twice by one process.
 */
export async function freePort(): Promise<number> {
  const highest = ephemeralPortRange()[0] - 1;
  if (highest - LOWEST < 1000) return kernelPort();
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${highest} after 200 tries`);
}

/** A port the kernel picks (from its ephemeral range), where no room is left below that range. */
function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
