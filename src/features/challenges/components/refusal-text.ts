/** The text for a refused challenge request: its reason's, else the status's, else "failed". */
export async function refusalTextOf(response: Response, texts: Record<string, string>): Promise<string> {
  if (response.status === 401) return texts.logInFirst ?? texts.failed ?? '';
  if (response.status === 429) return texts.rateLimited ?? texts.failed ?? '';
  try {
    const body = (await response.json()) as {
      error?: { reason?: string; fieldErrors?: Record<string, string> };
    };
    const reason = body.error?.reason ?? Object.values(body.error?.fieldErrors ?? {})[0];
    if (reason && texts[reason]) return texts[reason];
  } catch {
    // Not JSON: the status decides.
  }
  if (response.status === 413 && texts.picture_too_large) return texts.picture_too_large;
  return texts.failed ?? '';
}
