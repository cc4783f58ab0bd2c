import { describe, expect, it } from 'vitest';
import { type FileStore, transactionalFiles } from './file-store.js';

function memoryStore() {
  const data = new Map<string, Buffer>();
  const store: FileStore = {
    put: async (key, value) => void data.set(key, value),
    read: async (key) => data.get(key) ?? null,
    remove: async (key) => void data.delete(key),
  };
  return { store, keys: () => [...data.keys()].sort() };
}

describe('a call’s files follow its transaction', () => {
  it('removes only after commit, so a rollback keeps the files its rows still point to', async () => {
    const { store, keys } = memoryStore();
    await store.put('old.png', Buffer.from('old'));
    const call = transactionalFiles(store);
    await call.files.put('new.png', Buffer.from('new'));
    await call.files.remove('old.png');
    expect(keys()).toEqual(['new.png', 'old.png']);
    await call.commit();
    expect(keys()).toEqual(['new.png']);
  });

  it('a failed call removes the files it stored and keeps the ones it meant to remove', async () => {
    const { store, keys } = memoryStore();
    await store.put('old.png', Buffer.from('old'));
    const call = transactionalFiles(store);
    await call.files.put('new.png', Buffer.from('new'));
    expect(await call.files.read('new.png')).toEqual(Buffer.from('new'));
    await call.files.remove('old.png');
    await call.rollback();
    expect(keys()).toEqual(['old.png']);
  });

  it('a removal that fails does not fail the others', async () => {
    const { store, keys } = memoryStore();
    await store.put('a.png', Buffer.from('a'));
    const failing: FileStore = { ...store, remove: async (key) => (key === 'b.png' ? Promise.reject(new Error('disk')) : store.remove(key)) };
    const call = transactionalFiles(failing);
    await call.files.remove('b.png');
    await call.files.remove('a.png');
    await call.commit();
    expect(keys()).toEqual([]);
  });
});
