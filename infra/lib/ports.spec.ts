import { describe, expect, it } from '@jest/globals';
import net from 'node:net';
import { ephemeralPortRange, freePort } from './ports.ts';

const listenOn = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('freePort', () => {
  it("hands out distinct ports below the kernel's range for outgoing connections, each one free to listen on", async () => {
    const [ephemeralLow] = ephemeralPortRange();
    const ports: number[] = [];
    for (let i = 0; i < 40; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    expect(ports.filter((p) => p >= ephemeralLow || p < 10_000)).toEqual([]);
    const servers = await Promise.all(ports.map(listenOn));
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });
});
