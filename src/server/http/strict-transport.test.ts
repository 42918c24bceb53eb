import { describe, expect, it } from 'vitest';

import { strictTransportSecurity } from './strict-transport';

describe('strictTransportSecurity', () => {
  it('asks for https for two years, subdomains included, when the site is on https', () => {
    expect(strictTransportSecurity('https://meshbay.example')).toBe('max-age=63072000; includeSubDomains');
  });

  it('sends nothing for a site on plain http', () => {
    expect(strictTransportSecurity('http://localhost:3000')).toBeNull();
  });
});
