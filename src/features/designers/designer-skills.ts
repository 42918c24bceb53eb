/** Spec §3 "Project" skills: the 16 a designer can list (stored as these keys, shown translated). */
export const designerSkills = [
  '3d-modeling',
  '3d-print-modeling',
  '3d-scanning',
  'animating',
  'grooming',
  'lighting',
  'low-poly-modeling',
  'particles',
  'pbr-modeling',
  'post-production',
  'rendering',
  'rigging',
  'shaders',
  'skinning',
  'texturing',
  'uv-mapping',
] as const;
export type DesignerSkill = (typeof designerSkills)[number];

export const isDesignerSkill = (value: string): value is DesignerSkill =>
  (designerSkills as readonly string[]).includes(value);
