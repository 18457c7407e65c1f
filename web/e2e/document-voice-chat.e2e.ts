import { expect, test, type Page } from './fixtures';
import type { DocumentDto } from '@prd/proto';
import { createDocumentByApi, pageOrigin } from './chat-helpers';
import { signUp, unique, WIDE } from './helpers';
import { documentRegion } from './co-editing-helpers';

test.use({ viewport: WIDE });
test.describe.configure({ timeout: 180_000 });

/**
 * Voice chat against the test stack's OpenAI-compatible provider (infra/test/slow-provider.ts), whose realtime routes
 * (infra/test/realtime-peer.ts) answer the browser's WebRTC offer as a werift peer that plays the microphone back and
 * sends both transcripts; Chromium's fake microphone (playwright.config.ts) speaks. `key` is the API key the user stores.
 */
async function openWithKey(page: Page, key: string): Promise<DocumentDto> {
  await signUp(page);
  const stored = await page.request.post('/api/settings/api-key', { data: { apiKey: `${key}-${unique('')}` }, headers: pageOrigin });
  expect(stored.ok(), await stored.text()).toBe(true);
  const document = await createDocumentByApi(page, unique('Voice plan '), '# Voice plan\n\n## Goals\nShip in May.\n');
  await page.goto(`/documents/${document.id}`);
  await expect(documentRegion(page).getByRole('textbox', { name: 'Document title' })).toHaveValue(document.title, { timeout: 20_000 });
  return document;
}

/** What the test peer says it heard and what it answers (PEER_TRANSCRIPT in infra/test/realtime-peer.ts). */
const PEER_TRANSCRIPT = { user: 'What should the goals say?', assistant: 'Hello from the realtime test peer.' };

const voice = (page: Page) => page.getByRole('region', { name: 'Voice chat' });

test('a user with a key talks with the AI by voice: connected, hears the answer, sees the transcript, hangs up', async ({ page }) => {
  // Observes the page's peer connections, to read what audio arrived.
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    Object.assign(window, { testPeers: peers });
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        peers.push(this);
      }
    };
  });
  await openWithKey(page, 'sk-e2e-voice');
  await expect(voice(page).getByRole('status')).toHaveText('Voice: disconnected');
  await voice(page).getByRole('button', { name: 'Start voice chat' }).click();
  await expect(voice(page).getByRole('status')).toHaveText('Voice: connected');
  const transcript = voice(page).getByRole('list', { name: 'Voice transcript' });
  await expect(transcript.getByRole('listitem')).toHaveText([`You: ${PEER_TRANSCRIPT.user}`, `AI: ${PEER_TRANSCRIPT.assistant}`]);

  // The peer plays the fake microphone back: the answer's audio reaches the page.
  const audioBytes = () =>
    page.evaluate(async () => {
      const peers = (window as unknown as { testPeers: RTCPeerConnection[] }).testPeers;
      let bytes = 0;
      for (const pc of peers)
        (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'audio') bytes += s.bytesReceived ?? 0;
        });
      return bytes;
    });
  await expect.poll(audioBytes, { timeout: 15_000 }).toBeGreaterThan(0);

  await voice(page).getByRole('button', { name: 'Hang up' }).click();
  await expect(voice(page).getByRole('status')).toHaveText('Voice: disconnected');
  await expect(voice(page).getByRole('button', { name: 'Start voice chat' })).toBeEnabled();
});

test('without a key of its own or the server’s, voice is disabled, says it needs an OpenAI-compatible realtime server and opens Settings', async ({ page }) => {
  await signUp(page);
  const document = await createDocumentByApi(page, unique('Offline voice '), '# Offline\n');
  await page.goto(`/documents/${document.id}`);
  const start = voice(page).getByRole('button', { name: 'Start voice chat' });
  await expect(start).toBeDisabled();
  await expect(start).toHaveAccessibleDescription('Voice needs an OpenAI-compatible realtime server: add your OpenAI API key in Settings.');
  // Settings, where the key goes, is one click away.
  await voice(page).getByRole('button', { name: 'Open Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
});

test('a refused microphone gets the microphone toast and the call fails', async ({ page }) => {
  // What Chromium raises when the person blocks the microphone.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await openWithKey(page, 'sk-e2e-voice');
  await voice(page).getByRole('button', { name: 'Start voice chat' }).click();
  await expect(page.getByText('Microphone access denied', { exact: true })).toBeVisible();
  await expect(voice(page).getByRole('status')).toHaveText('Voice: failed');
});

test('a provider that refuses the voice session gets "Server error"', async ({ page }) => {
  await openWithKey(page, 'sk-e2e-refuse');
  await voice(page).getByRole('button', { name: 'Start voice chat' }).click();
  await expect(page.getByText('Server error', { exact: true })).toBeVisible();
  await expect(voice(page).getByRole('status')).toHaveText('Voice: failed');
});

test('a realtime endpoint that refuses the offer gets "Connection failed"', async ({ page }) => {
  await openWithKey(page, 'sk-e2e-nosdp');
  await voice(page).getByRole('button', { name: 'Start voice chat' }).click();
  await expect(page.getByText('Connection failed', { exact: true })).toBeVisible();
  await expect(voice(page).getByRole('status')).toHaveText('Voice: failed');
});
