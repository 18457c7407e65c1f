import { config } from 'zod';

// zod probes whether it may compile parsers with `new Function`; under the gateway's CSP
// (script-src 'self', no 'unsafe-eval') the probe is refused, and Chrome logs a CSP issue for every
// page that parses a schema. Jitless mode skips the probe and parses the same way without eval.
config({ jitless: true });
