import { describe, expect, it } from 'vitest';

import { isPrintPage } from './print-page';

const de = { printListing: '/de/3d-druck-modelle', search: '/de/search' };

describe('isPrintPage', () => {
  it('is the print listing, its categories and print-ready search results', () => {
    expect(isPrintPage({ pathname: '/de/3d-druck-modelle', search: '' }, de)).toBe(true);
    expect(isPrintPage({ pathname: '/de/3d-druck-modelle/kunst/skulpturen', search: '?page=2' }, de)).toBe(
      true,
    );
    expect(isPrintPage({ pathname: '/de/search', search: '?keywords=vase&print_ready=1' }, de)).toBe(true);
  });

  it('is no other page', () => {
    expect(isPrintPage({ pathname: '/de/3d-modelle', search: '' }, de)).toBe(false);
    expect(isPrintPage({ pathname: '/de/3d-druck-modellentwurf', search: '' }, de)).toBe(false);
    expect(isPrintPage({ pathname: '/de/search', search: '?keywords=vase' }, de)).toBe(false);
    expect(isPrintPage({ pathname: '/de/search', search: '?print_ready=0' }, de)).toBe(false);
    expect(isPrintPage({ pathname: '/de', search: '?print_ready=1' }, de)).toBe(false);
  });

  it('reads accented paths as the browser sends them (percent-encoded), and survives malformed ones', () => {
    const fr = { printListing: '/fr/3d-imprimer-modèles', search: '/fr/search' };
    expect(isPrintPage({ pathname: '/fr/3d-imprimer-mod%C3%A8les/art', search: '' }, fr)).toBe(true);
    expect(isPrintPage({ pathname: '/fr/%E0%A4%A', search: '' }, fr)).toBe(false);
  });
});
