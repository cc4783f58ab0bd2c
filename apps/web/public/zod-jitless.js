// The Content-Security-Policy forbids eval (apps/server/src/platform/security-headers.ts). zod probes
// `new Function` for its compiled fast path whenever an object schema is built, which the browser reports as a CSP
// violation even though zod catches the error: its `jitless` setting skips the probe. It must be set before the
// app's modules build their schemas, so this classic script runs before them; zod keeps this object as its config.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
