/**
 * Flat category pictograms for the demo catalogue's generated preview images. Each entry is bare SVG element
 * markup drawn in a 100×100 user-space box with `currentColor`; the caller wraps it in `<svg>`/`<g color>`
 * on top of its own background and shadow.
 */

/** Solid fill. */
const F = 'fill="currentColor"';
/** Solid fill where inner sub-paths cut holes. */
const E = 'fill="currentColor" fill-rule="evenodd"';
/** Rounded stroke of the given width. */
const S = (w: number): string =>
  `fill="none" stroke="currentColor" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"`;
/** Circle as a path sub-path (for even-odd holes). */
const o = (cx: number, cy: number, r: number): string =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
/** Axis-aligned rectangle as a path sub-path (for even-odd holes). */
const q = (x: number, y: number, w: number, h: number): string => `M${x} ${y}h${w}v${h}h${-w}Z`;

const cube =
  `<path d="M50 10L87 30L50 50L13 30Z" ${F} fill-opacity="0.6"/>` +
  `<path d="M11 34L48 54V92L11 72Z" ${F}/>` +
  `<path d="M89 34L52 54V92L89 72Z" ${F} fill-opacity="0.8"/>`;

export const pictograms: Record<string, string> = {
  aircraft: `<path d="M50 8C54 8 56 13 56 19V38L90 57V65L56 55V74L66 82V88L50 84L34 88V82L44 74V55L10 65V57L44 38V19C44 13 46 8 50 8Z" ${F}/>`,
  animal:
    `<path d="M50 52C62 52 76 66 76 76C76 86 66 89 58 86C54 85 46 85 42 86C34 89 24 86 24 76C24 66 38 52 50 52Z" ${F}/>` +
    `<ellipse cx="20" cy="46" rx="8" ry="11" transform="rotate(-25 20 46)" ${F}/>` +
    `<ellipse cx="38" cy="26" rx="9" ry="12" transform="rotate(-8 38 26)" ${F}/>` +
    `<ellipse cx="62" cy="26" rx="9" ry="12" transform="rotate(8 62 26)" ${F}/>` +
    `<ellipse cx="80" cy="46" rx="8" ry="11" transform="rotate(25 80 46)" ${F}/>`,
  art: `<path d="M50 12C74 12 90 28 90 48C90 62 80 66 72 62C64 58 57 62 59 71C61 81 56 88 46 88C26 88 10 71 10 50C10 28 28 12 50 12Z${o(30, 44, 6)}${o(44, 28, 6)}${o(64, 30, 6)}${o(76, 46, 5)}${o(34, 68, 7)}" ${E}/>`,
  audio:
    `<path d="M19 60V50A31 31 0 0 1 81 50V60" ${S(7)}/>` +
    `<rect x="12" y="52" width="20" height="34" rx="8" ${F}/>` +
    `<rect x="68" y="52" width="20" height="34" rx="8" ${F}/>`,
  bicycle:
    `<circle cx="26" cy="64" r="16" ${S(6)}/><circle cx="74" cy="64" r="16" ${S(6)}/>` +
    `<path d="M26 64L40 40H66L48 64H26M48 64L40 40M74 64L63 32H70M36 34H46" ${S(5)}/>`,
  bird:
    `<path d="M54 26C54 17 61 12 67 12C73 12 77 16 79 21L90 25L79 29C79 48 70 66 48 72L24 84H12L26 70C19 60 23 44 36 40C45 37 54 36 54 26Z${o(67, 22, 3)}M34 48C47 48 56 54 59 62C48 64 38 61 31 56C30 52 31 49 34 48Z" ${E}/>` +
    `<path d="M34 48C47 48 56 54 59 62C48 64 38 61 31 56C30 52 31 49 34 48Z" ${F} fill-opacity="0.55"/>` +
    `<path d="M46 72L44 86M54 70L54 86" ${S(3)}/>`,
  boat:
    `<path d="M50 12V60" ${S(4)}/>` +
    `<path d="M55 14C66 28 78 42 84 56H55Z" ${F}/><path d="M45 22V56H18C26 42 36 32 45 22Z" ${F} fill-opacity="0.75"/>` +
    `<path d="M10 62H90L78 80H22Z" ${F}/>` +
    `<path d="M12 88C20 84 26 84 34 88C42 92 48 92 56 88C64 84 72 84 80 88" ${S(3)} stroke-opacity="0.6"/>`,
  box:
    `<path d="M50 10L88 28L50 46L12 28Z" ${F} fill-opacity="0.6"/>` +
    `<path d="M31 19L69 37" ${S(6)}/>` +
    `<path d="M10 32L48 50V92L10 74Z" ${F}/>` +
    `<path d="M90 32L52 50V92L90 74Z" ${F} fill-opacity="0.8"/>`,
  bridge:
    `<path d="M10 62Q21 40 29 22Q51 74 73 22Q81 40 90 62" ${S(3.5)}/>` +
    `<path d="M17 52V62M39 48V62M61 48V62M83 52V62M45 56V62M55 56V62M33 42V62M67 42V62" ${S(2)}/>` +
    `<rect x="25" y="18" width="8" height="66" rx="1.5" ${F}/><rect x="69" y="18" width="8" height="66" rx="1.5" ${F}/>` +
    `<rect x="9" y="60" width="82" height="7" rx="2" ${F}/>` +
    `<path d="M12 88C19 84 26 84 34 88C42 92 58 92 66 88C74 84 81 84 88 88" ${S(3)} stroke-opacity="0.6"/>`,
  building:
    `<path d="M18 90V16L52 8V90Z${q(26, 22, 7, 8)}${q(38, 20, 7, 8)}${q(26, 38, 7, 8)}${q(38, 36, 7, 8)}${q(26, 54, 7, 8)}${q(38, 52, 7, 8)}${q(30, 74, 12, 16)}" ${E}/>` +
    `<path d="M56 90V34H84V90Z${q(62, 42, 6, 7)}${q(72, 42, 6, 7)}${q(62, 56, 6, 7)}${q(72, 56, 6, 7)}${q(62, 70, 6, 7)}${q(72, 70, 6, 7)}" ${E} fill-opacity="0.8"/>`,
  camera:
    `<path d="M18 30H32L38 20H62L68 30H82C86 30 90 34 90 38V78C90 82 86 86 82 86H18C14 86 10 82 10 78V38C10 34 14 30 18 30Z${o(50, 57, 20)}" ${E}/>` +
    `<path d="${o(50, 57, 13)}${o(45, 52, 4)}" ${E}/>` +
    `<rect x="16" y="36" width="10" height="6" rx="2" ${F} fill-opacity="0.5"/>`,
  car:
    `<path d="M8 65V56C8 51 12 48 18 47L30 45L40 32C42 30 45 29 48 29H66C70 29 72 30 75 33L84 45C89 46 92 50 92 56V65C92 68 90 70 88 70H85A13 13 0 0 0 59 70H41A13 13 0 0 0 15 70H12C10 70 8 68 8 65ZM44 34H55V45H36ZM60 34H69C71 34 72 35 73 36L79 45H60Z" ${E}/>` +
    `<path d="${o(28, 70, 10)}${o(28, 70, 4)}" ${E}/><path d="${o(72, 70, 10)}${o(72, 70, 4)}" ${E}/>`,
  character:
    `<circle cx="50" cy="18" r="10" ${F}/>` +
    `<path d="M42 32H58C62 32 65 35 65 39V62H35V39C35 35 38 32 42 32Z" ${F}/>` +
    `<rect x="25.5" y="33" width="7.5" height="32" rx="3.75" ${F}/><rect x="67" y="33" width="7.5" height="32" rx="3.75" ${F}/>` +
    `<path d="M35 60H49V87C49 90 47 92 44 92H40C37 92 35 90 35 87ZM51 60H65V87C65 90 63 92 60 92H56C53 92 51 90 51 87Z" ${F}/>`,
  chess:
    `<rect x="22" y="80" width="56" height="10" rx="3" ${F}/><rect x="28" y="70" width="44" height="7" rx="2" ${F}/>` +
    `<path d="M32 67C32 56 40 50 48 44L32 50C26 52 20 48 22 42C26 32 34 24 42 20L44 10L52 16C68 18 78 32 78 50C78 56 76 62 72 67Z${o(48, 28, 3.5)}" ${E}/>`,
  coin:
    `<path d="M14 70V80A36 9 0 0 0 86 80V70A36 9 0 0 1 14 70Z" ${F}/>` +
    `<path d="M14 56V65A36 9 0 0 0 86 65V56A36 9 0 0 1 14 56Z" ${F}/>` +
    `<path d="M14 42V51A36 9 0 0 0 86 51V42A36 9 0 0 1 14 42Z" ${F}/>` +
    `<path d="M14 28V37A36 9 0 0 0 86 37V28A36 9 0 0 1 14 28Z" ${F}/>` +
    `<ellipse cx="50" cy="26" rx="36" ry="9" ${F} fill-opacity="0.65"/>`,
  computer:
    `<path d="M16 14H84C87 14 90 17 90 20V62C90 65 87 68 84 68H16C13 68 10 65 10 62V20C10 17 13 14 16 14ZM17 21V61H83V21Z" ${E}/>` +
    `<rect x="17" y="21" width="66" height="40" ${F} fill-opacity="0.35"/>` +
    `<path d="M44 68H56L58 80H42Z" ${F}/><rect x="28" y="80" width="44" height="7" rx="3.5" ${F}/>`,
  creature:
    `<path d="M28 34L18 10L38 26C44 24 56 24 62 26L82 10L72 34C78 42 80 50 80 60V80L72 88L64 80L57 88L50 80L43 88L36 80L28 88L20 80V60C20 50 22 42 28 34Z${o(50, 46, 12)}M36 66H64L60 74L55 68L50 74L45 68L40 74Z" ${E}/>` +
    `<circle cx="52" cy="47" r="5" ${F}/>`,
  cup:
    `<path d="M16 32H70V68C70 78 62 86 52 86H34C24 86 16 78 16 68Z" ${F}/>` +
    `<path d="M70 42H76C82 42 86 46 86 53C86 60 82 64 76 64H70" ${S(7)}/>` +
    `<path d="M30 24C26 20 34 16 30 10M43 24C39 20 47 16 43 10M56 24C52 20 60 16 56 10" ${S(3.5)} stroke-opacity="0.7"/>`,
  dice:
    `<g transform="rotate(-12 36 60)"><path d="M20 38H52C56 38 58 40 58 44V76C58 80 56 82 52 82H20C16 82 14 80 14 76V44C14 40 16 38 20 38Z${o(25, 49, 4)}${o(36, 60, 4)}${o(47, 71, 4)}${o(47, 49, 4)}${o(25, 71, 4)}" ${E}/></g>` +
    `<g transform="rotate(15 70 34)"><path d="M58 16H82C85 16 88 19 88 22V46C88 49 85 52 82 52H58C55 52 52 49 52 46V22C52 19 55 16 58 16Z${o(62, 26, 3.5)}${o(70, 34, 3.5)}${o(78, 42, 3.5)}" ${E} fill-opacity="0.8"/></g>`,
  dinosaur: `<path d="M8 72C18 70 26 62 32 56C40 48 56 46 64 52C66 42 66 30 68 22C69 15 74 12 80 12C86 12 90 16 90 20C90 24 86 26 82 26H78C76 36 76 48 76 58C76 64 74 68 72 70V86H64V74H46V86H38V72C28 76 18 76 8 72Z" ${F}/>`,
  electronics:
    `<path d="M28 24H72C74 24 76 26 76 28V72C76 74 74 76 72 76H28C26 76 24 74 24 72V28C24 26 26 24 28 24ZM36 36V64H64V36Z" ${E}/>` +
    `<rect x="40" y="40" width="20" height="20" rx="2" ${F} fill-opacity="0.6"/>` +
    `<path d="M36 24V12M50 24V12M64 24V12M36 76V88M50 76V88M64 76V88M24 36H12M24 50H12M24 64H12M76 36H88M76 50H88M76 64H88" ${S(5)}/>`,
  fashion:
    `<path d="M40 10V26M60 10V26" ${S(4)}/>` +
    `<path d="M38 24C42 28 58 28 62 24C66 30 68 36 66 42H34C32 36 34 30 38 24Z" ${F}/>` +
    `<path d="M34 47H66L84 86C70 91 30 91 16 86Z" ${F}/>`,
  fish:
    `<path d="M8 50C22 28 52 24 68 40L88 24L84 50L88 76L68 60C52 76 22 72 8 50Z${o(24, 46, 4)}" ${E}/>` +
    `<path d="M40 32C44 24 54 20 62 22L58 34Z" ${F} fill-opacity="0.6"/>`,
  flower:
    `<path d="M50 54V90" ${S(5)}/><path d="M50 80C44 70 32 66 22 68C26 78 38 84 50 80Z" ${F}/>` +
    `<path d="M50 74C56 66 66 62 76 64C72 72 62 78 50 74Z" ${F} fill-opacity="0.8"/>` +
    [0, 60, 120, 180, 240, 300]
      .map((a) => `<ellipse cx="50" cy="18.5" rx="8" ry="10.5" transform="rotate(${a} 50 35)" ${F}/>`)
      .join('') +
    `<circle cx="50" cy="35" r="7" ${F} fill-opacity="0.6"/>`,
  food:
    `<path d="M12 44C12 26 30 14 50 14C70 14 88 26 88 44C88 46 86 48 84 48H16C14 48 12 46 12 44Z${o(34, 28, 2)}${o(50, 22, 2)}${o(66, 28, 2)}${o(42, 37, 2)}${o(58, 37, 2)}" ${E}/>` +
    `<path d="M10 56C16 52 20 58 26 54C32 50 36 58 42 54C48 50 52 58 58 54C64 50 68 58 74 54C80 50 84 58 90 54V58H10Z" ${F} fill-opacity="0.7"/>` +
    `<rect x="12" y="61" width="76" height="11" rx="5.5" ${F}/>` +
    `<path d="M14 76H86V80C86 84 82 86 78 86H22C18 86 14 84 14 80Z" ${F}/>`,
  furniture:
    `<path d="M32 8H68C71 8 73 10 73 13V50H66V38H34V50H27V13C27 10 29 8 32 8ZM34 16V30H66V16Z" ${E}/>` +
    `<rect x="34" y="16" width="32" height="14" ${F} fill-opacity="0.55"/>` +
    `<path d="M27 50H73L80 58H20Z" ${F} fill-opacity="0.75"/><rect x="20" y="58" width="60" height="6" rx="2" ${F}/>` +
    `<rect x="30" y="64" width="5" height="18" rx="1.5" ${F} fill-opacity="0.7"/><rect x="65" y="64" width="5" height="18" rx="1.5" ${F} fill-opacity="0.7"/>` +
    `<rect x="21" y="64" width="7" height="27" rx="2" ${F}/><rect x="72" y="64" width="7" height="27" rx="2" ${F}/>`,
  gadget:
    `<path d="M36 8H64L62 24H38ZM38 76H62L64 92H36Z" ${F} fill-opacity="0.75"/>` +
    `<path d="M38 22H62C70 22 76 28 76 36V64C76 72 70 78 62 78H38C30 78 24 72 24 64V36C24 28 30 22 38 22ZM40 30C35 30 32 33 32 38V62C32 67 35 70 40 70H60C65 70 68 67 68 62V38C68 33 65 30 60 30Z" ${E}/>` +
    `<rect x="76" y="42" width="5" height="14" rx="2" ${F}/>` +
    `<path d="M50 38V50L58 56" ${S(4)}/>`,
  gamepad: `<path d="M30 28H70C82 28 89 40 91 56C93 72 88 80 80 80C72 80 68 70 62 64H38C32 70 28 80 20 80C12 80 7 72 9 56C11 40 18 28 30 28ZM26 40V47H19V55H26V62H34V55H41V47H34V40Z${o(68, 42, 4)}${o(68, 60, 4)}${o(59, 51, 4)}${o(77, 51, 4)}" ${E}/>`,
  gear: `<path d="M43.8 18.6L44.5 9.4H55.5L56.2 18.6A32 32 0 0 1 67.8 23.4L74.9 17.4L82.6 25.1L76.6 32.2A32 32 0 0 1 81.4 43.8L90.6 44.5V55.5L81.4 56.2A32 32 0 0 1 76.6 67.8L82.6 74.9L74.9 82.6L67.8 76.6A32 32 0 0 1 56.2 81.4L55.5 90.6H44.5L43.8 81.4A32 32 0 0 1 32.2 76.6L25.1 82.6L17.4 74.9L23.4 67.8A32 32 0 0 1 18.6 56.2L9.4 55.5V44.5L18.6 43.8A32 32 0 0 1 23.4 32.2L17.4 25.1L25.1 17.4L32.2 23.4A32 32 0 0 1 43.8 18.6Z${o(50, 50, 13)}" ${E}/>`,
  glasses:
    `<path d="M10 40L18 30M90 40L82 30" ${S(5)}/>` +
    `<path d="M12 44H42C44 44 46 46 46 48C46 60 40 70 28 70C18 70 12 62 12 50ZM88 44H58C56 44 54 46 54 48C54 60 60 70 72 70C82 70 88 62 88 50Z" ${F} fill-opacity="0.45"/>` +
    `<path d="M12 44H42C44 44 46 46 46 48C46 60 40 70 28 70C18 70 12 62 12 50ZM88 44H58C56 44 54 46 54 48C54 60 60 70 72 70C82 70 88 62 88 50ZM46 50C48 47 52 47 54 50" ${S(5)}/>`,
  helicopter:
    `<g transform="translate(-3 0)"><rect x="12" y="20" width="72" height="5" rx="2.5" ${F}/><rect x="45" y="22" width="6" height="12" ${F}/>` +
    `<path d="M20 52C20 40 30 32 44 32H56C66 32 70 40 70 46L88 44V52L70 58C68 64 62 68 54 68H34C26 68 20 62 20 52ZM28 48C28 42 34 38 40 38H44V50H28Z" ${E}/>` +
    `<path d="M86 36V54M80 45H92" ${S(3.5)}/>` +
    `<path d="M34 68V80M56 68V80M20 80H70" ${S(4)}/></g>`,
  home:
    `<path d="M50 12L90 46C92 48 90 51 88 50H82V86C82 88 80 90 78 90H22C20 90 18 88 18 86V50H12C10 51 8 48 10 46ZM42 90V66C42 64 44 62 46 62H54C56 62 58 64 58 66V90Z${q(26, 58, 10, 10)}${q(64, 58, 10, 10)}" ${E}/>` +
    `<rect x="66" y="18" width="10" height="20" ${F}/>`,
  insect:
    `<circle cx="50" cy="26" r="10" ${F}/>` +
    `<path d="M44 18L36 8M56 18L64 8M28 44L14 36M28 58H12M30 72L16 82M72 44L86 36M72 58H88M70 72L84 82" ${S(4)}/>` +
    `<path d="M48.5 38C36 39 26 48 26 62C26 76 36 88 48.5 88ZM51.5 38C64 39 74 48 74 62C74 76 64 88 51.5 88Z${o(38, 52, 4)}${o(38, 72, 4)}${o(62, 52, 4)}${o(62, 72, 4)}" ${E}/>`,
  jewelry:
    `<path d="M30 18L10 40H34Z" ${F} fill-opacity="0.8"/><path d="M30 18H50L34 40Z" ${F}/>` +
    `<path d="M50 18L66 40H34Z" ${F} fill-opacity="0.7"/><path d="M50 18H70L66 40Z" ${F}/>` +
    `<path d="M70 18L90 40H66Z" ${F} fill-opacity="0.8"/>` +
    `<path d="M10 43H34L50 90Z" ${F} fill-opacity="0.85"/><path d="M34 43H66L50 90Z" ${F}/><path d="M66 43H90L50 90Z" ${F} fill-opacity="0.85"/>`,
  key:
    `<g transform="rotate(-40 50 50)"><path d="${o(30, 50, 19)}${o(24, 50, 7)}" ${E}/>` +
    `<path d="M48 45H92V55H86V66H78V55H72V62H64V55H48Z" ${F}/></g>`,
  lamp:
    `<path d="M34 12H66L82 50H18Z" ${F}/><rect x="46" y="50" width="8" height="30" ${F}/>` +
    `<path d="M26 88C26 84 34 80 50 80C66 80 74 84 74 88Z" ${F}/>` +
    `<path d="M64 50V62" ${S(3)}/>`,
  learning:
    `<path d="M50 14L92 33L50 52L8 33Z" ${F}/>` +
    `<path d="M24 46L50 58L76 46V66C76 74 64 80 50 80C36 80 24 74 24 66Z" ${F} fill-opacity="0.8"/>` +
    `<path d="M84 38V64" ${S(3)}/><path d="M80 64H88L90 76H78Z" ${F}/>`,
  mask: `<path d="M16 22C28 14 72 14 84 22C88 54 74 82 50 90C26 82 12 54 16 22ZM26 40C30 34 40 34 44 42C38 46 30 46 26 40ZM74 40C70 34 60 34 56 42C62 46 70 46 74 40ZM34 62C42 70 58 70 66 62C62 74 38 74 34 62Z" ${E}/>`,
  math:
    `<path d="M14 68C24 90 76 90 86 68" ${S(3.5)} stroke-opacity="0.6"/>` +
    `<circle cx="50" cy="18" r="7.5" ${F}/><rect x="47" y="8" width="6" height="8" rx="2" ${F}/>` +
    `<path d="M46 24L27 80M54 24L73 80" ${S(8)}/>` +
    `<path d="M27 80L25 90M73 80L75 88" ${S(3)}/>` +
    `<path d="M35 56H65" ${S(5)}/>`,
  motorcycle:
    `<circle cx="24" cy="70" r="13" ${S(6)}/><circle cx="76" cy="70" r="13" ${S(6)}/>` +
    `<circle cx="24" cy="70" r="3.5" ${F}/><circle cx="76" cy="70" r="3.5" ${F}/>` +
    `<path d="M24 70L41 62M76 70L64 36M57 31L66 34" ${S(5)}/>` +
    `<path d="M14 43C14 40 16 39 18 39H39C45 32 56 32 63 37L61 46L56 50V60C56 63 54 65 51 65H43C40 65 38 63 37 60L35 53H22C17 53 14 49 14 45Z" ${F}/>` +
    `<circle cx="70" cy="44" r="4.5" ${F}/>`,
  music:
    `<path d="M34 26L86 14V28L40 38.5V78H34ZM80 28H86V68H80Z" ${F}/>` +
    `<ellipse cx="27" cy="77" rx="13" ry="9.5" transform="rotate(-22 27 77)" ${F}/>` +
    `<ellipse cx="73" cy="67" rx="13" ry="9.5" transform="rotate(-22 73 67)" ${F}/>`,
  office:
    `<path d="M36 30V22C36 18 38 16 42 16H58C62 16 64 18 64 22V30" ${S(6)}/>` +
    `<path d="M16 30H84C88 30 90 32 90 36V78C90 82 88 84 84 84H16C12 84 10 82 10 78V36C10 32 12 30 16 30ZM10 52V56H44V52ZM56 52V56H90V52Z" ${E}/>` +
    `<rect x="44" y="48" width="12" height="12" rx="2" ${F}/>`,
  phone:
    `<path d="M36 8H64C68 8 72 12 72 16V84C72 88 68 92 64 92H36C32 92 28 88 28 84V16C28 12 32 8 36 8ZM34 20V76H66V20ZM44 13H56V15H44Z${o(50, 84, 3.5)}" ${E}/>` +
    `<rect x="34" y="20" width="32" height="56" ${F} fill-opacity="0.35"/>`,
  plant:
    `<path d="M50 58C50 44 52 30 58 20" ${S(3)}/>` +
    `<path d="M48 56C32 56 18 44 18 24C34 24 48 36 48 56Z" ${F}/>` +
    `<path d="M52 50C54 34 66 22 84 22C84 38 70 50 52 50Z" ${F} fill-opacity="0.85"/>` +
    `<path d="M50 40C42 32 42 18 50 8C58 18 58 32 50 40Z" ${F}/>` +
    `<rect x="26" y="58" width="48" height="9" rx="2" ${F}/><path d="M30 70H70L64 92H36Z" ${F}/>`,
  printer:
    `<path d="M18 86V14H82V86" ${S(6)}/><rect x="10" y="84" width="80" height="8" rx="2" ${F}/>` +
    `<path d="M18 34H82" ${S(4)}/><path d="M42 28H58V42H54L50 48L46 42H42Z" ${F}/>` +
    `<rect x="26" y="72" width="48" height="6" rx="1" ${F}/>` +
    `<path d="M42 72L44 58H56L58 72Z" ${F} fill-opacity="0.7"/>`,
  puzzle: `<path d="M14 32H32C30 28 29 26 29 23C29 16 35 12 41 12C47 12 53 16 53 23C53 26 52 28 50 32H68V50C72 48 74 47 77 47C84 47 88 52 88 58C88 64 84 69 77 69C74 69 72 68 68 66V86H14V68C18 70 20 71 23 71C29 71 33 66 33 60C33 54 29 49 23 49C20 49 18 50 14 52Z" ${F}/>`,
  ring:
    `<circle cx="50" cy="62" r="25" ${S(9)}/>` +
    `<path d="M40 16H60L68 25L50 38L32 25Z" ${F}/>` +
    `<path d="M42 35H58" ${S(4)}/>`,
  robot:
    `<path d="M50 12V18" ${S(3)}/><circle cx="50" cy="11" r="4" ${F}/>` +
    `<path d="M30 18H70C74 18 78 22 78 26V52C78 56 74 60 70 60H30C26 60 22 56 22 52V26C22 22 26 18 30 18Z${o(38, 36, 7)}${o(62, 36, 7)}${q(36, 48, 28, 4)}" ${E}/>` +
    `<rect x="14" y="30" width="6" height="14" rx="2" ${F}/><rect x="80" y="30" width="6" height="14" rx="2" ${F}/>` +
    `<path d="M30 64H70C72 64 74 66 74 68V90H26V68C26 66 28 64 30 64ZM42 72H58V80H42Z" ${E}/>`,
  rocket:
    `<g transform="translate(5 -3) rotate(40 50 50)"><path d="M50 6C62 16 66 32 66 54V70H34V54C34 32 38 16 50 6Z${o(50, 38, 7)}" ${E}/>` +
    `<path d="M33 50L20 64V80L33 72ZM67 50L80 64V80L67 72Z" ${F}/>` +
    `<path d="M40 74H60L55 86L50 94L45 86Z" ${F} fill-opacity="0.6"/></g>`,
  sculpture:
    `<path d="M52 8C44 8 38 13 37 21L32 30C31 32 33 32 36 32C36 34 35 36 37 37C36 39 37 42 41 42C44 42 46 42 47 44V49C38 50 28 56 26 66H74C72 58 66 52 62 50V42C68 38 71 32 71 25C71 15 63 8 52 8Z" ${F}/>` +
    `<rect x="26" y="69" width="48" height="5" rx="1.5" ${F}/>` +
    `<path d="M31 74H69V86H31Z${q(37, 76.5, 3, 7)}${q(48.5, 76.5, 3, 7)}${q(60, 76.5, 3, 7)}" ${E} fill-opacity="0.8"/>` +
    `<rect x="26" y="86" width="48" height="6" rx="1.5" ${F}/>`,
  shield:
    `<path d="M50 8L14 20V46C14 68 30 84 50 92Z" ${F}/>` +
    `<path d="M50 8L86 20V46C86 68 70 84 50 92Z" ${F} fill-opacity="0.7"/>`,
  shoe:
    `<path d="M12 68C12 58 14 48 16 38C18 32 22 32 26 34C32 37 38 36 42 32L52 46C62 52 74 54 84 58C90 60 92 64 92 70H12Z${o(45, 41, 2.2)}${o(51, 47, 2.2)}${o(58, 51, 2.2)}M20 62C34 62 48 58 60 52C52 60 38 66 20 66Z" ${E}/>` +
    `<rect x="8" y="73" width="84" height="10" rx="5" ${F}/>`,
  sign:
    `<rect x="46" y="10" width="8" height="78" rx="2" ${F}/><rect x="34" y="86" width="32" height="6" rx="2" ${F}/>` +
    `<path d="M18 20H72L82 30L72 40H18C16 40 14 38 14 36V24C14 22 16 20 18 20Z" ${F}/>` +
    `<path d="M82 48H28L18 58L28 68H82C84 68 86 66 86 64V52C86 50 84 48 82 48Z" ${F} fill-opacity="0.85"/>`,
  sofa:
    `<path d="M26 24H74C80 24 84 28 84 34V46H16V34C16 28 20 24 26 24Z" ${F}/>` +
    `<rect x="8" y="44" width="18" height="34" rx="7" ${F}/><rect x="74" y="44" width="18" height="34" rx="7" ${F}/>` +
    `<rect x="28" y="50" width="21" height="14" rx="3" ${F} fill-opacity="0.8"/><rect x="51" y="50" width="21" height="14" rx="3" ${F} fill-opacity="0.8"/>` +
    `<rect x="28" y="66" width="44" height="12" ${F}/>` +
    `<path d="M16 82V88M84 82V88" ${S(5)}/>`,
  sports:
    `<circle cx="50" cy="50" r="38.5" ${S(5)}/>` +
    `<path d="M50 37L62.4 46L57.6 60.5H42.4L37.6 46ZM40.4 14.3L45.2 13.3L50 13L54.8 13.3L59.6 14.3L63.2 15.4L50 25L36.8 15.4ZM87 50L73.8 42.3L78.8 26.8L82 31.5L84.2 35.8L85.7 40.4L86.7 45.2ZM76.2 76.2L72.5 79.4L68.5 82L64.2 84.2L59.7 85.7L64.7 70.2H81L79.4 72.5ZM19 70.2H35.3L40.3 85.7L35.8 84.2L31.5 82L27.5 79.4L23.8 76.2L20.6 72.5ZM15.8 35.8L18 31.5L21.2 26.8L26.2 42.3L13.1 51.8L13 50L13.3 45.2L14.3 40.4Z" ${F}/>` +
    `<path d="M50 37V25M62.4 46L73.8 42.3M57.6 60.5L64.7 70.2M42.4 60.5L35.3 70.2M37.6 46L26.2 42.3" ${S(3)}/>`,
  table:
    `<path d="M22 30H78L92 42H8Z" ${F} fill-opacity="0.7"/><rect x="8" y="44" width="84" height="7" rx="2" ${F}/>` +
    `<path d="M16 51H24L22 90H17ZM76 51H84L83 90H78Z" ${F}/><path d="M24 60H76" ${S(4)}/>` +
    `<path d="M30 51H34L33 76H31ZM66 51H70L69 76H67Z" ${F} fill-opacity="0.6"/>`,
  tools:
    `<g transform="rotate(45 50 50)"><path d="M45 36H55V86C55 89 53 91 50 91C47 91 45 89 45 86Z" ${F}/>` +
    `<path d="M45 36C38 33 34 27 34 20C34 14 37 10 41 8V20L45 23H55L59 20V8C63 10 66 14 66 20C66 27 62 33 55 36Z" ${F}/></g>` +
    `<g transform="rotate(-45 50 50)"><path d="M46 30H54V88C54 90 52 92 50 92C48 92 46 90 46 88Z" ${F} fill-opacity="0.85"/>` +
    `<path d="M32 12H62C66 12 68 16 68 20V28C68 31 66 33 62 33H32L26 28V18Z" ${F}/></g>`,
  toy:
    `<path d="${o(30, 20, 9)}${o(30, 20, 4.5)}" ${E}/><path d="${o(70, 20, 9)}${o(70, 20, 4.5)}" ${E}/>` +
    `<circle cx="30" cy="20" r="4.5" ${F} fill-opacity="0.55"/><circle cx="70" cy="20" r="4.5" ${F} fill-opacity="0.55"/>` +
    `<path d="M50 14C62 14 70 22 70 33C70 44 62 52 50 52C38 52 30 44 30 33C30 22 38 14 50 14Z${o(42, 30, 3)}${o(58, 30, 3)}M45 39C45 36 55 36 55 39C55 42 52 44 50 44C48 44 45 42 45 39Z" ${E}/>` +
    `<path d="M50 54C64 54 72 64 72 74C72 84 64 90 50 90C36 90 28 84 28 74C28 64 36 54 50 54Z${o(50, 73, 10)}" ${E}/>` +
    `<circle cx="50" cy="73" r="10" ${F} fill-opacity="0.55"/>` +
    `<ellipse cx="22" cy="64" rx="7" ry="10" transform="rotate(40 22 64)" ${F}/><ellipse cx="78" cy="64" rx="7" ry="10" transform="rotate(-40 78 64)" ${F}/>` +
    `<circle cx="33" cy="86" r="7" ${F}/><circle cx="67" cy="86" r="7" ${F}/>`,
  train:
    `<path d="M20 42H60V66H16V46C16 44 18 42 20 42ZM24 42V32H20L18 24H38L36 32H32V42Z" ${F}/>` +
    `<path d="M40 42A6 6 0 0 1 52 42Z" ${F}/>` +
    `<path d="M62 26H88V66H62ZM67 32V46H83V32Z" ${E}/><rect x="58" y="20" width="34" height="6" rx="2" ${F}/>` +
    `<path d="M8 82L16 68H24V82Z" ${F}/><rect x="16" y="68" width="74" height="4" rx="1" ${F}/>` +
    `<path d="${o(34, 81, 7)}${o(34, 81, 2.5)}" ${E}/><path d="${o(52, 81, 7)}${o(52, 81, 2.5)}" ${E}/><path d="${o(76, 80, 9)}${o(76, 80, 3)}" ${E}/>` +
    `<path d="M34 81H76" ${S(3)}/>`,
  vehicle:
    `<rect x="8" y="18" width="50" height="42" rx="3" ${F}/>` +
    `<path d="M8 64H60V32H78C80 32 82 33 83 35L91 49C92 50 92 51 92 52V66C92 68 90 70 88 70H86A12 12 0 0 0 62 70H36A12 12 0 0 0 12 70H10C9 70 8 69 8 68ZM66 38H77L83 50H66Z" ${E}/>` +
    `<path d="${o(24, 71, 9)}${o(24, 71, 3.5)}" ${E}/><path d="${o(74, 71, 9)}${o(74, 71, 3.5)}" ${E}/>`,
  weapon:
    `<g transform="rotate(45 50 50)"><path d="M50 3L58 13V61H42V13Z" ${F}/>` +
    `<rect x="30" y="61" width="40" height="9" rx="3.5" ${F}/><rect x="45.5" y="70" width="9" height="17" rx="1" ${F}/>` +
    `<circle cx="50" cy="91" r="6.5" ${F}/></g>`,
};

/** The pictogram of an icon key, or a generic cube for keys without one. */
export function pictogramMarkup(key: string): string {
  return pictograms[key] ?? cube;
}
