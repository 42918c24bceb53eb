/** Spec §3 icon keys, drawn as 24×24 line icons (stroke = currentColor). */
const paths: Record<string, string> = {
  aircraft: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z',
  animal:
    'M4.5 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4m5-3a2 2 0 1 0 0-4 2 2 0 0 0 0 4m5 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4m5 3a2 2 0 1 0 0-4 2 2 0 0 0 0 4M12 10c-3 0-7 5.5-7 8.5 0 2 1.5 2.5 3 2.5s2.5-1 4-1 2.5 1 4 1 3-.5 3-2.5c0-3-4-8.5-7-8.5',
  car: 'M5 17h14v-5l-2-5H7l-2 5zm0 0v2h3v-2m8 0v2h3v-2M5 12h14M7.5 14.5h1m7 0h1',
  character: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8m-7 10v-2a5 5 0 0 1 5-5h4a5 5 0 0 1 5 5v2',
  furniture:
    'M6 10V6a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v4M4 11a2 2 0 0 1 4 0v3h8v-3a2 2 0 0 1 4 0v5H4zm2 5v3m12-3v3',
  vehicle:
    'M3 15V8h11v7M14 10h4l3 3v2h-7M6.5 18a2 2 0 1 0 0-4 2 2 0 0 0 0 4m11 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4M3 15h1.5m4 0h7m4 0H21',
  blender: 'M13 4 3 12m10-8 6 5-3 2m-13 1h7l7 5-3 3M12 13a3 3 0 1 0 6 0 3 3 0 0 0-6 0',
  obj: 'M12 3 4 7.5v9L12 21l8-4.5v-9zm0 0v9m0 0 8-4.5M12 12l-8-4.5M12 12v9',
  gltf: 'M4 7l8-4 8 4v10l-8 4-8-4zm4 2v6m4-8v12m4-10v6',
  'unity-3d': 'M12 2 3.5 7v10L12 22l8.5-5V7zm0 0v7m0 0 6.5 3.5M12 9l-6.5 3.5M12 22v-6.5',
  unrealengine: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18m-3-5V9l3 2v5l3-1V8',
  pbr: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18m-5-11a5 5 0 0 1 5-4m0 15c-2-3-2-15 0-18m-9 9h18',
  rigged: 'M12 5a2 2 0 1 0 0-4 2 2 0 0 0 0 4m0 0v8m0 0-4 8m4-8 4 8M6 9h12M6 9 4 13m14-4 2 4',
  low_poly: 'M12 2 3 8l3 12h12l3-12zm0 0-3 9m3-9 3 9m-6 0 3 9m-3-9h6m0 0-3 9M3 8l6 3m12-3-6 3',
  free_item:
    'M20 12v9H4v-9m-1-5h18v5H3zm9 14V7m0 0H8a2.5 2.5 0 1 1 0-5c3 0 4 5 4 5m0 0h4a2.5 2.5 0 1 0 0-5c-3 0-4 5-4 5',
  on_sale: 'M3 12V3h9l9 9-9 9zm5-4.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2',
  check: 'M20 6 9 17l-5-5',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18m0-5v-5m0-3v.01',
  arrow: 'M5 12h14m-6-6 6 6-6 6',
  heart: 'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12m10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6',
  share:
    'M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6m12 7a3 3 0 1 0 0-6 3 3 0 0 0 0 6M8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  wireframe: 'M12 3 4 7.5v9L12 21l8-4.5v-9zM4 7.5l16 9m0-9-16 9M12 3v18',
  reset: 'M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4',
  close: 'M6 6l12 12M18 6 6 18',
  'cards-large': 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z',
  'cards-small':
    'M4 4h4v4H4zm6 0h4v4h-4zm6 0h4v4h-4zM4 10h4v4H4zm6 0h4v4h-4zm6 0h4v4h-4zM4 16h4v4H4zm6 0h4v4h-4zm6 0h4v4h-4z',
};

export type IconName = keyof typeof paths;

export function Icon({ name, size = 24, className }: { name: string; size?: number; className?: string }) {
  const d = paths[name] ?? paths.obj!;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
