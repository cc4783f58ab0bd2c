import { describe, expect, it } from 'vitest';
import { e164Mobile } from './patient-mobile.js';
import { EGYPT, SAUDI } from './patients.seed.js';

type Seed = { name: string; mobile?: string | null; children?: Seed[] };
const all = (seeds: Seed[]): Seed[] => seeds.flatMap((s) => [s, ...all(s.children ?? [])]);

describe('demo patients’ mobiles (issue 18)', () => {
  it('are valid mobiles of their clinic’s country (or with their own code), already in E.164, so editing them saves', () => {
    for (const [country, seeds] of [['CN3', EGYPT], ['CN2', SAUDI]] as const) {
      for (const p of all(seeds as Seed[]).filter((s) => s.mobile)) {
        expect(e164Mobile(p.mobile!, country), `${p.name} ${p.mobile}`).toEqual({ number: p.mobile });
      }
    }
  });
});
