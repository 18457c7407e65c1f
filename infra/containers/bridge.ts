import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTAINERS_DIR, exec } from './podman.ts';

/**
 * netavark 1.4 (Debian 12's) creates a network's Linux bridge without an address of its own, so the
 * kernel gives the bridge the lowest address among its ports and changes it whenever a container
 * joins with a lower one (or the lowest leaves). A container that had already reached the gateway
 * address (aardvark-dns, the machine's resolver behind it, the host answering a published port) keeps
 * the old address in its neighbour cache; the bridge drops its frames as not its own until the kernel
 * gives up on the entry (5 s delay, 3 unicast probes 1 s apart, then a broadcast), so for about 9 s
 * every name look-up of that container is lost, whatever the resolver's timeouts. Setting the
 * bridge's address explicitly, to the one it has, makes the kernel keep it (addr_assign_type 3).
 * Docker's bridge driver sets an address on the bridges it creates, so this should be podman's matter only.
 */

const SET = '3';

/** The bridge interface netavark uses for a network (its config, written when the network is created). */
function bridgeOf(network: string): string | undefined {
  const file = path.join(CONTAINERS_DIR, 'networks', `${network}.json`);
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { network_interface?: string }).network_interface;
}

/** Pins the network's bridge address once the bridge exists (netavark creates it with the first container); answers the address pinned now. */
export async function pinBridge(network: string): Promise<string | undefined> {
  const bridge = bridgeOf(network);
  const sys = bridge && `/sys/class/net/${bridge}`;
  if (!sys || !existsSync(sys) || readFileSync(`${sys}/addr_assign_type`, 'utf8').trim() === SET) return undefined;
  const address = readFileSync(`${sys}/address`, 'utf8').trim();
  const set = await exec('ip', ['link', 'set', 'dev', bridge, 'address', address]);
  if (set.code !== 0) throw new Error(`could not pin the address of ${bridge} (network ${network}): ${set.stderr.trim()}`);
  return `${bridge} ${address}`;
}

/**
 * Pins the network's bridge as soon as netavark creates it, before any container can look a name up:
 * follows the kernel's link events (`ip monitor link`) until stopped.
 */
export function pinBridgeWhenCreated(network: string, say: (line: string) => void): { stop: () => Promise<void> } {
  const monitor = spawn('ip', ['-o', 'monitor', 'link'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let pinning = Promise.resolve();
  const check = () => {
    pinning = pinning
      .then(() => pinBridge(network))
      .then((pinned) => {
        if (pinned) say(`bridge address pinned: ${pinned}`);
      })
      .catch((err: unknown) => say(err instanceof Error ? err.message : String(err)));
  };
  monitor.stdout.on('data', check);
  monitor.on('spawn', check);
  monitor.on('error', (err) => say(`ip monitor link failed (${err.message}): the bridge is pinned once compose is up`));
  return {
    stop: async () => {
      monitor.kill();
      check();
      await pinning;
    },
  };
}
