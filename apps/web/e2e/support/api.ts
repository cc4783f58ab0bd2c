import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';

type Input = Record<string, unknown>;

/**
 * Calls the API as a logged-in user, to prepare data for a journey or check its effect:
 * GET sends the input as the query string, POST and DELETE as the JSON body (docs/api.md).
 */
export function apiAs(request: APIRequestContext, token: string, headers: Record<string, string> = {}) {
  const base = { Authorization: `Bearer ${token}`, Language: 'en', ...headers };
  const query = (input?: Input) =>
    Object.fromEntries(
      Object.entries(input ?? {})
        .filter(([, v]) => v != null)
        .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
    );
  const ok = async <T>(res: APIResponse): Promise<T> => {
    expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  return {
    get: (path: string, input?: Input) => request.get(path, { headers: base, params: query(input) }),
    post: (path: string, input?: Input) => request.post(path, { headers: base, data: input ?? {} }),
    delete: (path: string, input?: Input) => request.delete(path, { headers: base, data: input ?? {} }),
    /** Same calls, failing the test unless the answer is 2xx; returns the parsed body. */
    ok: {
      get: async <T = unknown>(path: string, input?: Input) =>
        ok<T>(await request.get(path, { headers: base, params: query(input) })),
      post: async <T = unknown>(path: string, input?: Input) =>
        ok<T>(await request.post(path, { headers: base, data: input ?? {} })),
      delete: async <T = unknown>(path: string, input?: Input) =>
        ok<T>(await request.delete(path, { headers: base, data: input ?? {} })),
    },
  };
}
