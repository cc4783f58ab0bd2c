import v8 from 'node:v8';

/**
 * V8's allocation-site pretenuring off, for the whole process. With it on, V8 came to allocate the query builder's
 * objects (drizzle's SQL chunks, built on every request by the calls that do not build their statement once) in the
 * old generation directly; from there they kept the rest of each request's young objects alive through every minor
 * collection until a full one. Measured over HTTP on the demo data (Node 20 and
 * 24): the patient picker promoted 8-13 KB per request and the payments report 14-17 KB, against 0.2 and 0.03 KB with
 * it off; scavenges fewer and shorter (bench/README.md, session 17). A server's requests are short-lived: nothing
 * here gains from pretenuring. The flag is read at each collection, so setting it once before serving applies it.
 */
export function tuneGarbageCollector() {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
