export * from './test-servers.js';
export * from './test-app.js';
export * from './test-session.js';
export * from './browser-request.js';
export * from './route-registry.js';
