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

/** The software a designer can list on the profile (the demo catalogue's designers use these names). */
export const designerSoftware = [
  'Blender',
  '3ds Max',
  'Maya',
  'ZBrush',
  'Cinema 4D',
  'Fusion 360',
  'SolidWorks',
  'Substance Painter',
  'Houdini',
  'SketchUp',
  'Rhino',
  'OpenSCAD',
  'Tinkercad',
  'Marvelous Designer',
] as const;
export type DesignerSoftware = (typeof designerSoftware)[number];

export const isDesignerSoftware = (value: string): value is DesignerSoftware =>
  (designerSoftware as readonly string[]).includes(value);
