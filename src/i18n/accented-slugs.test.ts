import { describe, expect, it } from 'vitest';

import { servedPathOfAccentedSlug } from './accented-slugs';

const encoded = (path: string) => path.split('/').map(encodeURIComponent).join('/');

describe('servedPathOfAccentedSlug', () => {
  it("leads the spec's accented slugs to the served ones", () => {
    expect(servedPathOfAccentedSlug(encoded('/fr/3d-modèles'))).toBe('/fr/3d-modeles');
    expect(servedPathOfAccentedSlug(encoded('/fr/3d-imprimer-modèles'))).toBe('/fr/3d-imprimer-modeles');
    expect(servedPathOfAccentedSlug(encoded('/pt/3d-impressão-modelos'))).toBe('/pt/3d-impressao-modelos');
  });

  it('keeps the sub-path, and reads decomposed accents too', () => {
    expect(servedPathOfAccentedSlug(encoded('/fr/3d-modèles/personnages/dragon'))).toBe(
      '/fr/3d-modeles/personnages/dragon',
    );
    expect(servedPathOfAccentedSlug(encoded('/fr/3d-mode\u0300les'))).toBe('/fr/3d-modeles');
    expect(servedPathOfAccentedSlug(encoded('/fr/3d-modèles/café'))).toBe(encoded('/fr/3d-modeles/café'));
  });

  it('leaves every other path alone', () => {
    expect(servedPathOfAccentedSlug('/fr/3d-modeles')).toBeNull();
    expect(servedPathOfAccentedSlug(encoded('/de/3d-modèles'))).toBeNull();
    expect(servedPathOfAccentedSlug(encoded('/fr/désigners'))).toBeNull();
    expect(servedPathOfAccentedSlug(encoded('/fr/3d-modeles/café'))).toBeNull();
    expect(servedPathOfAccentedSlug('/fr/%E0%A4%A')).toBeNull();
    expect(servedPathOfAccentedSlug(encoded('/3d-modèles'))).toBeNull();
  });
});
