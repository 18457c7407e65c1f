export * from './errors.js';
export * from './health.js';
export * from './constants.js';
export * from './users.js';
export * from './templates.js';
export * from './threads.js';
export * from './exports.js';
