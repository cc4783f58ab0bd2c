import { LIMITS } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { getStarred, toggleStarred } from './starred-store';

describe('starred store', () => {
  const owner = { clinicId: 1, userId: 2 };

  it('adds and removes a page, per user', () => {
    expect(toggleStarred(owner, '/PatientsList')).toBe('added');
    expect(getStarred(owner)).toEqual(['/PatientsList']);
    expect(getStarred({ clinicId: 1, userId: 3 })).toEqual([]);
    expect(toggleStarred(owner, '/PatientsList')).toBe('removed');
    expect(getStarred(owner)).toEqual([]);
  });

  it('keeps at most 10 pages', () => {
    for (let i = 0; i < LIMITS.starredPagesMax; i++) expect(toggleStarred(owner, `/p${i}`)).toBe('added');
    expect(toggleStarred(owner, '/one-too-many')).toBe('full');
    expect(getStarred(owner)).toHaveLength(LIMITS.starredPagesMax);
  });
});
