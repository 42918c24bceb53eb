import { listingRoute } from '../_catalog/listing-route';

const route = listingRoute('models');
export const generateMetadata = route.generateMetadata;
export default route.Page;
