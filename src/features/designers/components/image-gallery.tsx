import styles from './image-gallery.module.css';

/** A picture of one of the designer's models, linking to the model's page. */
export interface GalleryItem {
  id: number;
  title: string;
  href: string;
  image: { src: string; srcSet: string; width: number; height: number };
}

/** The profile's image gallery: the pictures of the designer's models in a responsive grid. */
export function ImageGallery({ items, empty }: { items: GalleryItem[]; empty: string }) {
  if (items.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.gallery}>
      {items.map((item, index) => (
        <li key={item.id}>
          <a href={item.href} title={item.title}>
            <img
              src={item.image.src}
              srcSet={item.image.srcSet}
              sizes="(min-width: 1256px) 280px, (min-width: 576px) 33vw, 50vw"
              width={item.image.width}
              height={item.image.height}
              alt={item.title}
              loading={index < 8 ? 'eager' : 'lazy'}
              decoding="async"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
