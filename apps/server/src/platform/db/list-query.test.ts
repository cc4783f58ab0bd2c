import { describe, expect, it } from 'vitest';
import { containsPattern, listResult, pageWindow, searchIn } from './list-query.js';
import { pgTable, text } from 'drizzle-orm/pg-core';

const rooms = pgTable('example', { name: text('name') });

describe('list query helpers', () => {
  it('wraps search text in % and escapes the ILIKE wildcards and the escape character', () => {
    expect(containsPattern('room')).toBe('%room%');
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });

  it('adds no condition without search text', () => {
    expect(searchIn(undefined, rooms.name)).toBeUndefined();
    expect(searchIn('', rooms.name)).toBeUndefined();
    expect(searchIn('x', rooms.name)).toBeDefined();
  });

  it('turns a 1-based page into LIMIT and OFFSET and echoes the paging in the result', () => {
    expect(pageWindow({ page: 1, pageSize: 30 })).toEqual({ limit: 30, offset: 0 });
    expect(pageWindow({ page: 3, pageSize: 10 })).toEqual({ limit: 10, offset: 20 });
    expect(listResult(['a'], 21, { page: 3, pageSize: 10 })).toEqual({
      items: ['a'],
      total: 21,
      page: 3,
      pageSize: 10,
    });
  });
});
