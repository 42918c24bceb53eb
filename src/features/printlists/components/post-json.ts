import { postToApi } from '@/lib/api-client';

export type PostAnswer =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; status: number; fieldErrors: Record<string, string> };

/** POSTs JSON to the internal API and reads its answer: data, or the status and field errors. */
export async function postJson(url: string, json: unknown): Promise<PostAnswer> {
  const response = await postToApi(url, { json });
  const body = (await response.json().catch(() => ({}))) as {
    data?: Record<string, unknown>;
    error?: { fieldErrors?: Record<string, string> };
  };
  if (response.ok) return { ok: true, data: body.data ?? {} };
  return { ok: false, status: response.status, fieldErrors: body.error?.fieldErrors ?? {} };
}
