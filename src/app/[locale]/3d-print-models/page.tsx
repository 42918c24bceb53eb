import { listingRoute } from '../_catalog/listing-route';

const route = listingRoute('print');
export const generateMetadata = route.generateMetadata;
export default route.Page;
