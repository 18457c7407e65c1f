import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests of the built client, run against the full local stack behind the nginx gateway
 * (`npm test` starts one and sets E2E_BASE_URL), with Debian's Chromium.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  reporter: 'list',
  workers: 2,
  retries: 0,
  // Upper bounds, not waits: each check passes as soon as the page shows what it looks for. Two browsers beside a stack of
  // two replicas of everything share two cores, and a page there can take more than Playwright's default five seconds to
  // render (seen on a fresh CI machine); the test's own limit grows with it, and the longer journeys' own limits (their
  // files' `describe.configure`) are twice what they were for the same reason.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  projects: [
    { name: 'e2e', testIgnore: '**/co-editing-replica-kill.e2e.ts' },
    // Kills (and restarts) content replicas of the shared stack: only once every other test has finished.
    { name: 'replica-kill', testMatch: '**/co-editing-replica-kill.e2e.ts', dependencies: ['e2e'] },
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:8080',
    browserName: 'chromium',
    headless: true,
    // A failed test keeps its trace: every action's DOM snapshot, the network and the console. Not the screencast: encoding
    // a frame of every paint of both browsers made the machine's CPU the bottleneck (a document page on a phone took 20 s to
    // start with it and 7.5 s without, another test beside it), and checks ran out of time in CI.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        // Voice chat's microphone: a fake device, its permission granted without a prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
});
