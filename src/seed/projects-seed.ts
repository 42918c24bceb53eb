/**
 * The demo jobs board (decision 0023): a dozen published projects from a few demo buyers, with varied
 * budgets, skills, software and dates, some with applications from seeded designers (so the
 * "fewest applicants" sort has something to sort), and one direct custom request. Deterministic:
 * everything is fixed except that dates count from `now`, so deadlines stay in the future.
 */
import type { SqlSession } from '@/server/db/client';

const day = 86_400_000;
const hour = 3_600_000;

const buyers = [
  { username: 'northwind-games', avatarSeed: 3 },
  { username: 'lena-makes', avatarSeed: 11 },
  { username: 'arcade-collective', avatarSeed: 27 },
] as const;

interface DemoProject {
  /** Index into `buyers`, or -1 for the demo buyer account. */
  buyer: number;
  title: string;
  description: string;
  budgetCents: number;
  skills: string[];
  software: string[];
  fileFormats: string[];
  links: string[];
  /** Hours before `now` it was published. */
  postedHoursAgo: number;
  deadlineDays: number;
  applicants: number;
  invited?: boolean;
}

export const demoProjects: readonly DemoProject[] = [
  {
    buyer: 0,
    title: 'Low-poly forest creatures for a mobile game',
    description:
      'We need six stylised animals (fox, deer, owl, rabbit, boar, bear) for a casual mobile game. Each under 1,500 triangles, one shared 512 px texture atlas, rigged for simple walk and idle loops.',
    budgetCents: 120_000,
    skills: ['low-poly-modeling', 'rigging', 'texturing', 'uv-mapping'],
    software: ['Blender', 'Unity'],
    fileFormats: ['fbx', 'glb'],
    links: ['https://example.com/northwind/art-style'],
    postedHoursAgo: 2,
    deadlineDays: 30,
    applicants: 1,
  },
  {
    buyer: 1,
    title: 'Printable replacement knob for a vintage radio',
    description:
      'The volume knob of my 1960s radio broke. I can send photos and calliper measurements. It needs to press-fit onto a 6 mm D-shaft and print on an FDM printer without supports.',
    budgetCents: 3_500,
    skills: ['3d-print-modeling', '3d-modeling'],
    software: ['Fusion 360'],
    fileFormats: ['stl', '3mf', 'step'],
    links: [],
    postedHoursAgo: 5,
    deadlineDays: 10,
    applicants: 3,
  },
  {
    buyer: 2,
    title: 'Sci-fi cargo crate set with PBR textures',
    description:
      'Five modular cargo crates for an Unreal Engine 5 level: clean topology, 2K PBR texture sets (metal/roughness), LODs welcome. Reference board attached.',
    budgetCents: 45_000,
    skills: ['pbr-modeling', 'texturing', 'uv-mapping'],
    software: ['Maya', 'Substance Painter', 'Unreal Engine'],
    fileFormats: ['fbx'],
    links: ['https://example.com/arcade/crates-board'],
    postedHoursAgo: 20,
    deadlineDays: 21,
    applicants: 0,
  },
  {
    buyer: -1,
    title: 'Product render of a wireless speaker',
    description:
      'Model our speaker from CAD-free photos and produce three studio renders (front, three-quarter, top) at 4K on a white background. Accurate fabric texture matters.',
    budgetCents: 80_000,
    skills: ['3d-modeling', 'rendering', 'lighting', 'shaders'],
    software: ['Blender', 'KeyShot'],
    fileFormats: ['blend', 'obj'],
    links: ['https://example.com/speaker/photos'],
    postedHoursAgo: 30,
    deadlineDays: 14,
    applicants: 2,
  },
  {
    buyer: 0,
    title: 'Rig and skin a stylised hero character',
    description:
      'We have a finished hero mesh and need a game-ready rig: humanoid skeleton compatible with Unity Mecanim, facial blend shapes for five expressions, clean weights.',
    budgetCents: 65_000,
    skills: ['rigging', 'skinning', 'animating'],
    software: ['Maya', 'Unity'],
    fileFormats: ['fbx', 'ma'],
    links: [],
    postedHoursAgo: 52,
    deadlineDays: 25,
    applicants: 4,
  },
  {
    buyer: 1,
    title: '3D scan clean-up of a marble bust',
    description:
      'I have a photogrammetry scan (about 8 million triangles) of a marble bust. Please close the holes, decimate to a printable mesh and bake a colour texture for a web viewer.',
    budgetCents: 25_000,
    skills: ['3d-scanning', 'texturing', '3d-print-modeling'],
    software: ['ZBrush', 'Meshmixer'],
    fileFormats: ['obj', 'stl', 'glb'],
    links: ['https://example.com/lena/bust-scan'],
    postedHoursAgo: 75,
    deadlineDays: 20,
    applicants: 0,
  },
  {
    buyer: 2,
    title: 'Stylised fur groom for a cartoon cat',
    description:
      'Hair and fur groom for an existing cartoon cat model, for a short animated clip rendered in Arnold. Include whiskers and a simulation-ready tail guide set.',
    budgetCents: 150_000,
    skills: ['grooming', 'shaders', 'rendering'],
    software: ['Maya', 'XGen', 'Arnold'],
    fileFormats: ['ma'],
    links: [],
    postedHoursAgo: 100,
    deadlineDays: 45,
    applicants: 1,
    invited: true,
  },
  {
    buyer: -1,
    title: 'Magic spell particle effects pack',
    description:
      'Ten looping spell effects (fire, ice, lightning, heal…) for a fantasy RPG made in Unreal Engine 5 with Niagara. Must run well on mid-range PCs.',
    budgetCents: 90_000,
    skills: ['particles', 'shaders'],
    software: ['Unreal Engine', 'Houdini'],
    fileFormats: ['fbx'],
    links: ['https://example.com/rpg/effects-references'],
    postedHoursAgo: 130,
    deadlineDays: 35,
    applicants: 2,
  },
  {
    buyer: 0,
    title: 'Architectural interior lighting and post-production',
    description:
      'We supply a furnished living-room scene. We need daylight and evening lighting setups and two post-produced final images for a property brochure.',
    budgetCents: 40_000,
    skills: ['lighting', 'rendering', 'post-production'],
    software: ['3ds Max', 'V-Ray', 'Photoshop'],
    fileFormats: ['max'],
    links: [],
    postedHoursAgo: 170,
    deadlineDays: 12,
    applicants: 0,
  },
  {
    buyer: 1,
    title: 'Miniature terrain tiles for tabletop games',
    description:
      'A set of twelve 2-inch dungeon floor and wall tiles, interlocking, printable in resin without supports where possible. Fantasy style with stone detail.',
    budgetCents: 18_000,
    skills: ['3d-print-modeling', '3d-modeling'],
    software: ['ZBrush', 'Blender'],
    fileFormats: ['stl'],
    links: ['https://example.com/lena/tiles-inspiration'],
    postedHoursAgo: 220,
    deadlineDays: 28,
    applicants: 5,
  },
  {
    buyer: 2,
    title: 'UV unwrap and texture a vintage car',
    description:
      'High-poly 1960s coupe model is done; it needs clean UVs (UDIMs fine) and realistic paint, chrome and rubber materials for close-up renders.',
    budgetCents: 55_000,
    skills: ['uv-mapping', 'texturing', 'pbr-modeling'],
    software: ['RizomUV', 'Substance Painter'],
    fileFormats: ['fbx', 'obj'],
    links: [],
    postedHoursAgo: 300,
    deadlineDays: 40,
    applicants: 1,
  },
  {
    buyer: -1,
    title: 'Animated logo reveal in 3D',
    description:
      'A 6-second 3D logo reveal for our video intros: extruded logo, metallic material, camera move and light sweep. Deliver the scene and a 1080p render.',
    budgetCents: 1_200,
    skills: ['animating', 'rendering', 'lighting'],
    software: ['Cinema 4D', 'After Effects'],
    fileFormats: ['c4d'],
    links: [],
    postedHoursAgo: 400,
    deadlineDays: 7,
    applicants: 0,
  },
];

/** Inserts the demo buyers and their projects (with submitted applications from seeded designers). */
export async function insertDemoProjects(handle: SqlSession, now = new Date()): Promise<void> {
  const buyerIds: number[] = [];
  for (const buyer of buyers) {
    const [row] = await handle.query<{ id: number }>(
      `INSERT INTO users (username, email, roles, display_name, avatar_key, created_at)
       VALUES ($1, $2, '{buyer}', $1, $3, $4) RETURNING id`,
      [
        buyer.username,
        `${buyer.username}@demo.example`,
        `avatars/identicon-${buyer.avatarSeed}`,
        new Date(now.getTime() - 90 * day),
      ],
    );
    buyerIds.push(row!.id);
  }
  const [demoBuyer] = await handle.query<{ id: number }>(
    `SELECT id FROM users WHERE username = 'demo-buyer'`,
  );
  const designers = await handle.query<{ id: number; accepts: boolean }>(
    `SELECT u.id, p.accepts_custom_requests AS accepts FROM users u JOIN designer_profiles p ON p.user_id = u.id
     WHERE 'seller' = any(u.roles) ORDER BY u.id LIMIT 8`,
  );
  const invitable = designers.find((d) => d.accepts);
  for (const project of demoProjects) {
    const ownerId = project.buyer === -1 ? demoBuyer?.id : buyerIds[project.buyer];
    if (ownerId === undefined) continue;
    const publishedAt = new Date(now.getTime() - project.postedHoursAgo * hour);
    const deadline = new Date(Math.floor((now.getTime() + project.deadlineDays * day) / day) * day + day - 1);
    const applicants = designers.slice(0, Math.min(project.applicants, designers.length));
    const [row] = await handle.query<{ id: number }>(
      `INSERT INTO projects (owner_id, title, description, budget_cents, deadline, software, skills, file_formats,
         reference_links, status, invited_designer_id, applicants_count, created_at, updated_at, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'published', $10, $11, $12, $12, $12) RETURNING id`,
      [
        ownerId,
        project.title,
        project.description,
        project.budgetCents,
        deadline,
        project.software,
        project.skills,
        project.fileFormats,
        project.links,
        project.invited && invitable ? invitable.id : null,
        applicants.length,
        publishedAt,
      ],
    );
    for (const [i, designer] of applicants.entries()) {
      await handle.query(
        `INSERT INTO project_applications (project_id, designer_id, proposal, price_cents, delivery_days, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [
          row!.id,
          designer.id,
          'I have done similar work (see my portfolio) and can start this week. Happy to share progress along the way.',
          Math.round((project.budgetCents * (90 + i * 5)) / 100),
          Math.max(1, Math.min(project.deadlineDays - 1, 5 + i * 2)),
          new Date(publishedAt.getTime() + (i + 1) * hour),
        ],
      );
    }
  }
}
