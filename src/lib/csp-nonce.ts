/** A fresh Content Security Policy nonce: a random UUID's 122 random bits, base64 as CSP wants it. */
export function freshNonce(): string {
  return btoa(crypto.randomUUID());
}

/** The nonce a Content-Security-Policy header allows scripts by; null without one. */
export function nonceOfPolicy(policy: string): string | null {
  return /'nonce-([\w+/=-]+)'/.exec(policy)?.[1] ?? null;
}
