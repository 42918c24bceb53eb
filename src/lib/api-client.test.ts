import { afterEach, describe, expect, it, vi } from 'vitest';

import { postToApi, uploadToApi, warmCsrfToken } from './api-client';

/** A browser's cookie jar and fetch, as far as the API client uses them. */
function fakeBrowser(initialCookie: string) {
  const browser = { cookie: initialCookie };
  const calls: string[] = [];
  let answerToken: () => void = () => {};
  vi.stubGlobal('document', browser);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      if (url !== '/api/internal/csrf') return Promise.resolve(new Response(null, { status: 204 }));
      return new Promise<Response>((resolve) => {
        answerToken = () => {
          browser.cookie = '__Host-csrf=fresh-token';
          resolve(Response.json({ data: { token: 'fresh-token' } }));
        };
      });
    }),
  );
  return { calls, answerToken: () => answerToken() };
}

afterEach(() => vi.unstubAllGlobals());

describe('warmCsrfToken', () => {
  it('asks for the token once while it is on its way, then the POST carries it without asking again', async () => {
    const browser = fakeBrowser('');
    warmCsrfToken();
    warmCsrfToken();
    expect(browser.calls).toEqual(['/api/internal/csrf']);
    browser.answerToken();
    await vi.waitFor(() => expect(document.cookie).toContain('fresh-token'));
    warmCsrfToken();
    const response = await postToApi('/api/internal/search_events', { json: { searchTerm: 'chair' } });
    expect(response.status).toBe(204);
    expect(browser.calls).toEqual(['/api/internal/csrf', '/api/internal/search_events']);
    const [, init] = vi.mocked(fetch).mock.calls.at(-1)! as [string, RequestInit];
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('fresh-token');
  });

  it('asks for nothing when the cookie holds a token', () => {
    const browser = fakeBrowser('other=1; __Host-csrf=kept');
    warmCsrfToken();
    expect(browser.calls).toEqual([]);
  });
});

describe('postToApi', () => {
  it('sends form text without the invisible control characters the server refuses (decision 0040)', async () => {
    vi.stubGlobal('document', { cookie: '__Host-csrf=token' });
    const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal('fetch', fetch);
    await postToApi('/api/internal/support', {
      json: { message: 'Pasted\u000c text\u0000\r\nnext\tline', n: 2 },
    });
    expect(JSON.parse(String(fetch.mock.calls[0]![1].body))).toEqual({
      message: 'Pasted text\r\nnext\tline',
      n: 2,
    });
  });
});

describe('uploadToApi', () => {
  it('sends a file name without control characters, which the server would drop (decision 0040)', async () => {
    vi.stubGlobal('document', { cookie: '__Host-csrf=token' });
    const opened: string[] = [];
    class FakeRequest {
      upload = {};
      status = 201;
      responseText = '{}';
      onload: (() => void) | null = null;
      open(_method: string, url: string) {
        opened.push(url);
      }
      setRequestHeader() {}
      send() {
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    await uploadToApi(
      `/api/internal/studio/models/1/files?name=${encodeURIComponent('chair\u0001 v2.stl')}`,
      new Blob(['x']),
      () => {},
    );
    expect(opened).toEqual(['/api/internal/studio/models/1/files?name=chair+v2.stl']);
  });
});
