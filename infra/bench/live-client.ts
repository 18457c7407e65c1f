import { HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import { COLLAB_PATH } from '@prd/proto';
import type { BenchUser } from './api.ts';

/** A live-editing socket to `server` (a content replica, or the gateway) as `user`, as a browser opens one: its cookie and its Origin. */
export function socketTo(server: string, user: BenchUser): HocuspocusProviderWebsocket {
  const headers = { Cookie: user.cookie, Origin: server };
  return new HocuspocusProviderWebsocket({
    url: `${server.replace(/^http/, 'ws')}${COLLAB_PATH}`,
    WebSocketPolyfill: class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
  });
}
