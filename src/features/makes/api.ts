/** What other features and the browser may use of makes (decision 0030): limits, orders and types. */
export {
  galleryOrders,
  galleryViews,
  makeFieldLimits,
  makesPerPage,
  maxMakePictures,
  parseGalleryQuery,
  parseMakeFields,
  type GalleryOrder,
  type GalleryQuery,
  type GalleryView,
  type MakeCardDto,
  type MakeFields,
  type MakePictureDto,
  type RenderDto,
} from './schemas';
