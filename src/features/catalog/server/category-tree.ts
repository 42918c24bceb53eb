/**
 * The demo catalogue's category tree (spec §2 sample paths). English titles here; the other locales'
 * titles live in `category-titles.json`, keyed by the category's path.
 */
export type ProductType = 'models' | 'print';

export interface CategoryNode {
  slug: string;
  title: string;
  /** Icon key of spec §3 "Category"; also selects the pictogram of generated preview images. */
  icon: string;
  children?: CategoryNode[];
}

const leaf = (slug: string, title: string, icon: string): CategoryNode => ({ slug, title, icon });

export const categoryTree: Record<ProductType, CategoryNode[]> = {
  models: [
    {
      slug: 'aircraft',
      title: 'Aircraft',
      icon: 'aircraft',
      children: [
        leaf('military', 'Military aircraft', 'aircraft'),
        leaf('commercial', 'Commercial aircraft', 'aircraft'),
        leaf('helicopter', 'Helicopter', 'helicopter'),
        leaf('spacecraft', 'Spacecraft', 'rocket'),
      ],
    },
    {
      slug: 'animal',
      title: 'Animal',
      icon: 'animal',
      children: [
        leaf('mammal', 'Mammal', 'animal'),
        leaf('bird', 'Bird', 'bird'),
        leaf('fish', 'Fish', 'fish'),
        leaf('dinosaur', 'Dinosaur', 'dinosaur'),
        leaf('insect', 'Insect', 'insect'),
      ],
    },
    {
      slug: 'architecture',
      title: 'Architecture',
      icon: 'building',
      children: [
        leaf('building', 'Building', 'building'),
        leaf('interior', 'Interior', 'furniture'),
        leaf('bridge', 'Bridge', 'bridge'),
      ],
    },
    {
      slug: 'car',
      title: 'Car',
      icon: 'car',
      children: [
        leaf('sport-car', 'Sport car', 'car'),
        leaf('classic-car', 'Classic car', 'car'),
        leaf('concept-car', 'Concept car', 'car'),
      ],
    },
    {
      slug: 'character',
      title: 'Character',
      icon: 'character',
      children: [
        leaf('man', 'Man', 'character'),
        leaf('woman', 'Woman', 'character'),
        leaf('creature', 'Creature', 'creature'),
        leaf('robot', 'Robot', 'robot'),
      ],
    },
    {
      slug: 'electronics',
      title: 'Electronics',
      icon: 'electronics',
      children: [
        leaf('computer', 'Computer', 'computer'),
        leaf('phone', 'Phone', 'phone'),
        leaf('audio', 'Audio', 'audio'),
      ],
    },
    {
      slug: 'food',
      title: 'Food',
      icon: 'food',
      children: [leaf('fruit', 'Fruit', 'food'), leaf('dish', 'Dish', 'food')],
    },
    {
      slug: 'furniture',
      title: 'Furniture',
      icon: 'furniture',
      children: [
        leaf('chair', 'Chair', 'furniture'),
        leaf('table', 'Table', 'table'),
        leaf('lamp', 'Lamp', 'lamp'),
        leaf('sofa', 'Sofa', 'sofa'),
      ],
    },
    {
      slug: 'plant',
      title: 'Plant',
      icon: 'plant',
      children: [leaf('tree', 'Tree', 'plant'), leaf('flower', 'Flower', 'flower')],
    },
    {
      slug: 'sports',
      title: 'Sports',
      icon: 'sports',
      children: [leaf('ball', 'Ball', 'sports'), leaf('equipment', 'Equipment', 'sports')],
    },
    {
      slug: 'vehicle',
      title: 'Vehicle',
      icon: 'vehicle',
      children: [
        leaf('truck', 'Truck', 'vehicle'),
        leaf('motorcycle', 'Motorcycle', 'motorcycle'),
        leaf('train', 'Train', 'train'),
        leaf('boat', 'Boat', 'boat'),
        leaf('bicycle', 'Bicycle', 'bicycle'),
      ],
    },
    {
      slug: 'weapon',
      title: 'Weapon',
      icon: 'weapon',
      children: [leaf('sword', 'Sword', 'weapon'), leaf('shield', 'Shield', 'shield')],
    },
  ],
  print: [
    {
      slug: 'art',
      title: 'Art',
      icon: 'art',
      children: [
        leaf('sculptures', 'Sculptures', 'sculpture'),
        leaf('2d-art', '2D art', 'art'),
        leaf('math-art', 'Math art', 'math'),
        leaf('scans-replicas', 'Scans & replicas', 'sculpture'),
        leaf('signs-logos', 'Signs & logos', 'sign'),
        leaf('interactive-art', 'Interactive art', 'art'),
      ],
    },
    {
      slug: 'fashion',
      title: 'Fashion',
      icon: 'fashion',
      children: [
        leaf('shoes', 'Shoes', 'shoe'),
        leaf('accessories', 'Accessories', 'fashion'),
        leaf('costume', 'Costume', 'mask'),
        leaf('glasses', 'Glasses', 'glasses'),
        leaf('keychains', 'Keychains', 'key'),
      ],
    },
    {
      slug: 'gadgets',
      title: 'Gadgets',
      icon: 'gadget',
      children: [
        leaf('audio', 'Audio', 'audio'),
        leaf('camera', 'Camera', 'camera'),
        leaf('computer', 'Computer', 'computer'),
        leaf('mobile-phone', 'Mobile phone', 'phone'),
        leaf('tablet', 'Tablet', 'phone'),
        leaf('video-games', 'Video games', 'gamepad'),
      ],
    },
    {
      slug: 'games-toys',
      title: 'Games & toys',
      icon: 'toy',
      children: [
        leaf('board-games', 'Board games', 'chess'),
        leaf('construction-toys', 'Construction toys', 'toy'),
        leaf('dice', 'Dice', 'dice'),
        leaf('mechanical-toys', 'Mechanical toys', 'gear'),
        leaf('playsets', 'Playsets', 'toy'),
        leaf('puzzles', 'Puzzles', 'puzzle'),
      ],
    },
    {
      slug: 'hobby-diy',
      title: 'Hobby & DIY',
      icon: 'tools',
      children: [
        leaf('electronics', 'Electronics', 'electronics'),
        leaf('3d-printing', '3D printing', 'printer'),
        leaf('automotive', 'Automotive', 'car'),
        leaf('music', 'Music', 'music'),
        leaf('rc-vehicles', 'RC vehicles', 'vehicle'),
        leaf('robotics', 'Robotics', 'robot'),
        leaf('sports-outdoors', 'Sports & outdoors', 'sports'),
      ],
    },
    {
      slug: 'home-office',
      title: 'Home & office',
      icon: 'home',
      children: [
        leaf('furniture', 'Furniture', 'furniture'),
        leaf('bathroom', 'Bathroom', 'home'),
        leaf('containers', 'Containers', 'box'),
        leaf('decor', 'Decor', 'flower'),
        leaf('kitchen-dining', 'Kitchen & dining', 'cup'),
        leaf('office', 'Office', 'office'),
        leaf('organization', 'Organization', 'box'),
        leaf('garden', 'Outdoor & garden', 'plant'),
        leaf('pets', 'Pets', 'animal'),
      ],
    },
    {
      slug: 'jewelry',
      title: 'Jewelry',
      icon: 'jewelry',
      children: [
        leaf('coins-badges', 'Coins & badges', 'coin'),
        leaf('rings', 'Rings', 'ring'),
        leaf('bracelets', 'Bracelets', 'jewelry'),
        leaf('earrings', 'Earrings', 'jewelry'),
      ],
    },
    {
      slug: 'learning',
      title: 'Learning',
      icon: 'learning',
      children: [
        leaf('biology', 'Biology', 'plant'),
        leaf('engineering', 'Engineering', 'gear'),
        leaf('math', 'Math', 'math'),
        leaf('physics-astronomy', 'Physics & astronomy', 'rocket'),
      ],
    },
    {
      slug: 'miniatures',
      title: 'Miniatures',
      icon: 'creature',
      children: [
        leaf('animals', 'Animals', 'animal'),
        leaf('creatures', 'Creatures', 'creature'),
        leaf('people', 'People', 'character'),
        leaf('buildings', 'Buildings', 'building'),
        leaf('vehicles', 'Vehicles', 'vehicle'),
        leaf('props', 'Props', 'box'),
      ],
    },
    {
      slug: 'tools',
      title: 'Tools',
      icon: 'tools',
      children: [
        leaf('hand-tools', 'Hand tools', 'tools'),
        leaf('parts', 'Parts', 'gear'),
        leaf('tool-holders', 'Tool holders', 'box'),
      ],
    },
  ],
};

export function pictogramKeys(): string[] {
  const keys = new Set<string>();
  const walk = (nodes: CategoryNode[]) =>
    nodes.forEach((n) => {
      keys.add(n.icon);
      if (n.children) walk(n.children);
    });
  walk(categoryTree.models);
  walk(categoryTree.print);
  return [...keys].sort();
}
