/**
 * Maps a Thingi10K model (its category, sub-category, name and tags) onto the demo category tree.
 * Strong words in the name or tags win (a 'Porsche 911' is a car whatever its source category); then
 * the source sub-category; models without any category fall back to a deterministic pick.
 */
import type { SourceModel } from '@/seed/catalog-source';

/** Category paths prefixed by product type: 'models/aircraft/military', 'print/art/sculptures'. */
type TreePath = string;

const keywordRules: Array<[RegExp, TreePath]> = [
  [/\b(fighter|bomber|warplane|f-?\d{2})\b/, 'models/aircraft/military'],
  [/\b(helicopter|quadcopter|multicopter)\b/, 'models/aircraft/helicopter'],
  [/\b(rocket|spaceship|spacecraft|shuttle|starship|x-wing|tie fighter)\b/, 'models/aircraft/spacecraft'],
  [/\b(airplane|aeroplane|plane|aircraft|jet|glider|boeing|airbus)\b/, 'models/aircraft/commercial'],
  [/\b(motorcycle|motorbike|scooter)\b/, 'models/vehicle/motorcycle'],
  [/\b(train|locomotive|tram)\b/, 'models/vehicle/train'],
  [/\b(boat|ship|yacht|submarine|canoe)\b/, 'models/vehicle/boat'],
  [/\b(bicycle|bike)\b/, 'models/vehicle/bicycle'],
  [/\b(truck|tractor|bus|van|tank|excavator)\b/, 'models/vehicle/truck'],
  [/\b(porsche|ferrari|lamborghini|bugatti|race ?car|sports? car)\b/, 'models/car/sport-car'],
  [/\b(classic car|beetle|mustang|model t)\b/, 'models/car/classic-car'],
  [/\b(cars?)\b/, 'models/car/concept-car'],
  [/\b(dinosaur|dino|t-?rex|raptor|triceratops|stegosaurus)\b/, 'models/animal/dinosaur'],
  [/\b(bird|owl|penguin|duck|chicken|parrot|eagle|hen)\b/, 'models/animal/bird'],
  [/\b(fish|shark|whale|dolphin|octopus)\b/, 'models/animal/fish'],
  [/\b(insect|spider|bee|butterfly|ant|beetle|ladybug)\b/, 'models/animal/insect'],
  [
    /\b(cat|dog|horse|elephant|bear|bunny|rabbit|lion|tiger|pig|cow|fox|wolf|deer|monkey|giraffe|squirrel)\b/,
    'models/animal/mammal',
  ],
  [/\b(dragon|monster|alien|creature|orc|goblin|demon|troll)\b/, 'models/character/creature'],
  [/\b(robot|droid|mech|android)\b/, 'models/character/robot'],
  [/\b(woman|girl|lady|princess|queen)\b/, 'models/character/woman'],
  [/\b(man|boy|person|warrior|knight|soldier|king)\b/, 'models/character/man'],
  [/\b(sword|dagger|blade|axe|katana|gun|blaster|rifle|pistol)\b/, 'models/weapon/sword'],
  [/\b(shield)\b/, 'models/weapon/shield'],
  [/\b(chair|stool|bench)\b/, 'models/furniture/chair'],
  [/\b(table|desk)\b/, 'models/furniture/table'],
  [/\b(lamp|lampshade|chandelier)\b/, 'models/furniture/lamp'],
  [/\b(sofa|couch)\b/, 'models/furniture/sofa'],
  [/\b(bridge)\b/, 'models/architecture/bridge'],
  [/\b(house|building|castle|tower|church|temple|skyscraper|cathedral)\b/, 'models/architecture/building'],
  [/\b(tree|bonsai)\b/, 'models/plant/tree'],
  [/\b(flower|rose|tulip)\b/, 'models/plant/flower'],
  [/\b(apple|banana|fruit|pear|strawberry)\b/, 'models/food/fruit'],
  [/\b(burger|pizza|cake|cookie|donut|sushi)\b/, 'models/food/dish'],
  [/\b(football|soccer|basketball|baseball|golf|tennis)\b/, 'models/sports/ball'],
  [/\b(shoe|shoes|boot|sneaker|sandal|heel)\b/, 'print/fashion/shoes'],
  [/\b(headphones?|speaker|earbuds?|amplifier)\b/, 'print/gadgets/audio'],
  [/\b(iphone|smartphone|phone)\b/, 'print/gadgets/mobile-phone'],
  [/\b(ipad|tablet|kindle)\b/, 'print/gadgets/tablet'],
  [/\b(camera|gopro|lens|tripod)\b/, 'print/gadgets/camera'],
  [/\b(coin|badge|medal|token)\b/, 'print/jewelry/coins-badges'],
  [/\b(ring|rings)\b/, 'print/jewelry/rings'],
  [/\b(bracelet|bangle)\b/, 'print/jewelry/bracelets'],
  [/\b(earrings?|pendant|necklace)\b/, 'print/jewelry/earrings'],
  [/\b(keychain|key ?ring|key fob)\b/, 'print/fashion/keychains'],
  [/\b(glasses|sunglasses|goggles)\b/, 'print/fashion/glasses'],
  [/\b(mask|helmet|costume|cosplay)\b/, 'print/fashion/costume'],
  [/\b(bust|statue|sculpture|skull)\b/, 'print/art/sculptures'],
  [/\b(chess|checkers|board ?game)\b/, 'print/games-toys/board-games'],
  [/\b(dice|d20|d6)\b/, 'print/games-toys/dice'],
  [/\b(puzzle|maze|cube)\b/, 'print/games-toys/puzzles'],
  [/\b(gears?|gearbox|automaton)\b/, 'print/games-toys/mechanical-toys'],
  [/\b(guitar|violin|flute|ukulele|drum|whistle|ocarina)\b/, 'print/hobby-diy/music'],
  [/\b(arduino|raspberry|pcb|led|enclosure|breadboard)\b/, 'print/hobby-diy/electronics'],
  [
    /\b(printer|extruder|nozzle|spool|filament|reprap|prusa|makerbot|hotend)\b/,
    'print/hobby-diy/3d-printing',
  ],
  [/\b(wrench|screwdriver|hammer|clamp|pliers|spanner)\b/, 'print/tools/hand-tools'],
  [/\b(bracket|hinge|mount|knob|bolt|nut|screw|holder)\b/, 'print/tools/parts'],
  [/\b(vase|planter|pot)\b/, 'print/home-office/decor'],
  [/\b(cup|mug|bowl|plate|cookie cutter|spoon)\b/, 'print/home-office/kitchen-dining'],
  [/\b(box|case|container|tray)\b/, 'print/home-office/containers'],
];

const subcategoryMapping: Record<string, TreePath> = {
  '3d-printing/': 'print/hobby-diy/3d-printing',
  'art/': 'print/art/sculptures',
  'art/2d-art': 'print/art/2d-art',
  'art/art-tools': 'print/art/2d-art',
  'art/coins-and-badges': 'print/jewelry/coins-badges',
  'art/interactive-art': 'print/art/interactive-art',
  'art/math-art': 'print/art/math-art',
  'art/scans-and-replicas': 'print/art/scans-replicas',
  'art/sculptures': 'print/art/sculptures',
  'art/signs-and-logos': 'print/art/signs-logos',
  'fashion/': 'print/fashion/accessories',
  'fashion/accessories': 'print/fashion/accessories',
  'fashion/bracelets': 'print/jewelry/bracelets',
  'fashion/costume': 'print/fashion/costume',
  'fashion/earrings': 'print/jewelry/earrings',
  'fashion/glasses': 'print/fashion/glasses',
  'fashion/jewelry': 'print/jewelry/rings',
  'fashion/keychains': 'print/fashion/keychains',
  'fashion/rings': 'print/jewelry/rings',
  'gadgets/': 'print/gadgets/computer',
  'gadgets/audio': 'print/gadgets/audio',
  'gadgets/camera': 'print/gadgets/camera',
  'gadgets/computer': 'print/gadgets/computer',
  'gadgets/mobile-phone': 'print/gadgets/mobile-phone',
  'gadgets/tablet': 'print/gadgets/tablet',
  'gadgets/video-games': 'print/gadgets/video-games',
  'hobby/': 'print/hobby-diy/electronics',
  'hobby/automotive': 'print/hobby-diy/automotive',
  'hobby/diy': 'print/tools/parts',
  'hobby/electronics': 'print/hobby-diy/electronics',
  'hobby/music': 'print/hobby-diy/music',
  'hobby/rc-vehicles': 'print/hobby-diy/rc-vehicles',
  'hobby/robotics': 'print/hobby-diy/robotics',
  'hobby/sports-and-outdoors': 'print/hobby-diy/sports-outdoors',
  'household/': 'print/home-office/decor',
  'household/bathroom': 'print/home-office/bathroom',
  'household/containers': 'print/home-office/containers',
  'household/decor': 'print/home-office/decor',
  'household/household-supplies': 'print/home-office/organization',
  'household/kitchen-and-dining': 'print/home-office/kitchen-dining',
  'household/office': 'print/home-office/office',
  'household/organization': 'print/home-office/organization',
  'household/outdoor-and-garden': 'print/home-office/garden',
  'household/pets': 'print/home-office/pets',
  'household/replacement-parts': 'print/tools/parts',
  'learning/': 'print/learning/engineering',
  'learning/biology': 'print/learning/biology',
  'learning/engineering': 'print/learning/engineering',
  'learning/math': 'print/learning/math',
  'learning/physics-and-astronomy': 'print/learning/physics-astronomy',
  'models/': 'print/miniatures/props',
  'models/animals': 'print/miniatures/animals',
  'models/buildings-and-structures': 'models/architecture/building',
  'models/creatures': 'print/miniatures/creatures',
  'models/food-and-drink': 'models/food/dish',
  'models/model-furniture': 'models/furniture/chair',
  'models/model-robots': 'models/character/robot',
  'models/people': 'print/miniatures/people',
  'models/props': 'print/miniatures/props',
  'models/vehicles': 'print/miniatures/vehicles',
  'tools/': 'print/tools/hand-tools',
  'tools/hand-tools': 'print/tools/hand-tools',
  'tools/machine-tools': 'print/tools/parts',
  'tools/parts': 'print/tools/parts',
  'tools/tool-holders-and-boxes': 'print/tools/tool-holders',
  'toys-and-games/': 'print/games-toys/playsets',
  'toys-and-games/chess': 'print/games-toys/board-games',
  'toys-and-games/construction-toys': 'print/games-toys/construction-toys',
  'toys-and-games/dice': 'print/games-toys/dice',
  'toys-and-games/games': 'print/games-toys/board-games',
  'toys-and-games/mechanical-toys': 'print/games-toys/mechanical-toys',
  'toys-and-games/playsets': 'print/games-toys/playsets',
  'toys-and-games/puzzles': 'print/games-toys/puzzles',
  'toys-and-games/toy-and-game-accessories': 'print/games-toys/playsets',
};

/** Where models with no source category and no telling word go, picked by a hash of their id. */
const fallbackPaths: TreePath[] = [
  'models/electronics/computer',
  'models/electronics/phone',
  'models/electronics/audio',
  'models/sports/equipment',
  'models/architecture/interior',
  'print/home-office/organization',
  'print/tools/parts',
  'print/art/2d-art',
  'print/games-toys/construction-toys',
  'print/home-office/office',
  'print/learning/engineering',
  'print/hobby-diy/robotics',
];

/** Source categories whose words are not enough to move a model to another category. */
const keywordsOnlyFor = new Set(['', 'models']);

const homeFurniture = /\b(chair|stool|table|desk|shelf|shelves|furniture|cabinet|drawer)\b/;

export function mapToCategory(
  model: Pick<SourceModel, 'category' | 'subcategory' | 'name' | 'tags' | 'thingId'>,
): TreePath {
  const text = `${model.name} ${model.tags.join(' ')}`.toLowerCase();
  if (keywordsOnlyFor.has(model.category)) {
    for (const [pattern, target] of keywordRules) if (pattern.test(text)) return target;
  }
  if (model.category === 'household' && homeFurniture.test(text)) return 'print/home-office/furniture';
  const mapped = subcategoryMapping[`${model.category}/${model.subcategory}`];
  if (mapped) return mapped;
  const hash = [...model.thingId].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
  return fallbackPaths[hash % fallbackPaths.length]!;
}
