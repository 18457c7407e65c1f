/** Injection token of the validated configuration object. */
export const CONFIG = Symbol('CONFIG');
/** Injection token of the service's name (used in logs, headers and health answers). */
export const SERVICE_NAME = Symbol('SERVICE_NAME');
